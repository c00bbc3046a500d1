// MARK: - ComponentSlot

/// One component a scene declares in its ``Scene/composition``: its id and its type.
///
/// The composition is the single declaration the rest agrees with: the type's actions are
/// mounted under the scene's path, the id is what the scene's template places
/// (`{{components.<id>}}`, checked at start-up), and ``Scene/add(_:)`` accepts only a component
/// whose id and type it declares. Keep the slot in a `static let` and build the component with
/// its ``id``:
///
/// ```swift
/// static let stats = ComponentSlot("blog-stats", BlogStatsComponent.self)
/// override class var composition: [ComponentSlot] { [stats] }
/// override func configureComponents(_ scope: RequestScope) {
///     add(BlogStatsComponent(id: Self.stats.id, state: likeState))
/// }
/// ```
public struct ComponentSlot: Sendable, CustomStringConvertible {
    /// The component's id: its root element's `id`, the end of its fragment URL, and its key
    /// under `components` in the scene's template.
    public let id: String
    /// The component's type.
    public let type: AnyComponent.Type

    /// A slot for a `type` component with `id`.
    public init(_ id: String, _ type: AnyComponent.Type) {
        self.id = id
        self.type = type
    }

    /// `id (Type)`.
    public var description: String { "\(id) (\(String(describing: type)))" }

    /// Whether `component` fills this slot: the same id and exactly this type.
    func holds(_ component: AnyComponent) -> Bool { component.id == id && Swift.type(of: component) == type }
}
