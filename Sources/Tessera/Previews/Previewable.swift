// MARK: - Previewable

/// A type with named previews: usually a component, declaring them in an extension in a file of
/// its own beside its code (`ShelfComponent+Previews.swift`). An app lists its previewable types
/// in ``TesseraApp/previews``.
public protocol Previewable {
    /// The name the previews are listed under; default the type's name.
    static var previewGroupName: String { get }
    /// The states worth seeing, in the order they are listed.
    static var previews: [Preview] { get }
}

extension Previewable {
    /// The type's name.
    public static var previewGroupName: String { String(describing: Self.self) }
}

// MARK: - PreviewGroup

/// A previewable type's name and previews, as the catalogue lists them.
public struct PreviewGroup: Sendable {
    /// The name (``Previewable/previewGroupName``).
    package let name: String
    /// The previews, in order.
    public let previews: [Preview]

    /// The group of `type`.
    package init(_ type: any Previewable.Type) {
        name = type.previewGroupName
        previews = type.previews
    }

    /// The name in URLs and snapshot files (see ``Preview/slug``).
    package var slug: String { Preview.slug(name) }
}
