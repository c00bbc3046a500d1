// MARK: - TemplateShape

/// What a key of a ``TemplateModel`` holds, as far as the template checker needs to know.
public indirect enum TemplateShape: Sendable {
    /// A string, number or flag: interpolated or tested by a section; names inside a section
    /// over it are read from the enclosing contexts.
    case value
    /// Markup Tessera renders (``HTML``, a component, a data source); `cells` are the cell
    /// renderers it may draw, checked against their own templates.
    case markup([any CellRenderer.Type])
    /// A nested model: sections push it, dotted names read into it.
    case model(any TemplateModel.Type)
    /// A list: sections render once per element, with the element's shape.
    case list(TemplateShape)
    /// Values the framework owns whose names are not declared (component maps); not checked.
    case open
}

// MARK: - TemplateReadable

/// A Swift type a ``TemplateKey`` can return: it says its shape and makes its template value.
///
/// Conforming: `String`, `Int`, `Bool`, ``HTML``, ``EmptyState``, ``ArrayDataSource``,
/// ``SectionedDataSource``, every ``TemplateModel``, `Optional` of these (its wrapped type's
/// shape; `nil` is false in sections) and arrays of these (a list).
public protocol TemplateReadable: SendableMetatype {
    /// The shape templates see.
    static var templateShape: TemplateShape { get }
    /// The value templates read.
    var templateValue: TemplateValue { get }
}

// MARK: - Conformances

extension String: TemplateReadable {
    /// A value.
    public static var templateShape: TemplateShape { .value }
    /// `.string(self)`.
    @inlinable public var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateReadable {
    /// A value.
    public static var templateShape: TemplateShape { .value }
    /// `.int(self)`.
    @inlinable public var templateValue: TemplateValue { .int(self) }
}

extension Int64: TemplateReadable {
    /// A value.
    public static var templateShape: TemplateShape { .value }
    /// `.int(Int(self))`: a record's id, written as digits (Int is 64 bits on every platform
    /// Tessera runs on).
    @inlinable public var templateValue: TemplateValue { .int(Int(self)) }
}

extension Bool: TemplateReadable {
    /// A value.
    public static var templateShape: TemplateShape { .value }
    /// `.bool(self)`.
    @inlinable public var templateValue: TemplateValue { .bool(self) }
}

extension HTML: TemplateReadable {
    /// Markup.
    public static var templateShape: TemplateShape { .markup([]) }
    /// `.html(self)`.
    @inlinable public var templateValue: TemplateValue { .html(self) }
}

extension EmptyState: TemplateReadable {
    /// Markup.
    public static var templateShape: TemplateShape { .markup([]) }
    /// `.fragment(self)`.
    public var templateValue: TemplateValue { .fragment(self) }
}

extension Optional: TemplateReadable where Wrapped: TemplateReadable {
    /// The wrapped type's shape.
    public static var templateShape: TemplateShape { Wrapped.templateShape }
    /// The wrapped value, or `.null`.
    @inlinable public var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateReadable where Element: TemplateReadable {
    /// A list of the element's shape.
    public static var templateShape: TemplateShape { .list(Element.templateShape) }
    /// `.list` of the elements' values.
    @inlinable public var templateValue: TemplateValue { .list(map(\.templateValue)) }
}
