// MARK: - ComponentSlot

/// One component a scene declares in its ``Scene/composition``: its id, its type (inferred from
/// how it is made), whether it loads lazily, and how it is made from the scene.
///
/// The slot is the single declaration the rest agrees with: the type's actions are mounted
/// under the scene's path, the id is what the scene's template places
/// (`{{components.<id>}}`, checked at start-up), and each request makes the component from the
/// scene after its ``Scene/loadData(_:)``:
///
/// ```swift
/// override class var composition: [ComponentSlot] {
///     [
///         slot("blog-stats") { scene, _ in BlogStatsComponent(blogID: scene.blogID) },
///         slot("priorities", lazy: true) { _, scope in scope.userID.map(PrioritiesComponent.init) },
///     ]
/// }
/// ```
///
/// A maker returning nil leaves the component out of this request's page (say, one only
/// members see); the template's `{{components.<id>}}` is then empty.
public struct ComponentSlot: Sendable, CustomStringConvertible {
    /// The component's id: its root element's `id`, the end of its fragment URL, and its key
    /// under `components` in the scene's template.
    package let id: String
    /// The component's type.
    public let type: any Component.Type
    /// Whether the page leaves the component out and loads it afterwards: it renders a
    /// placeholder holding a plain link to its fragment URL, which the client script follows when
    /// the placeholder scrolls near; followed without JavaScript, that URL answers with the
    /// component alone inside the scene's layout.
    package let isLazy: Bool
    /// Makes the component for a scene, or nil.
    let make: @Sendable (Scene, RequestScope) -> (any Component)?

    @usableFromInline
    init(id: String, type: any Component.Type, isLazy: Bool, make: @escaping @Sendable (Scene, RequestScope) -> (any Component)?) {
        self.id = id
        self.type = type
        self.isLazy = isLazy
        self.make = make
    }

    /// `id (Type)`.
    public var description: String { "\(id) (\(String(describing: type)))" }
}

// MARK: - Declaring slots

extension Scene {
    /// A slot of this scene's ``composition``: the component `id`, made by `make` from the scene
    /// (after its ``loadData(_:)``) and the request; `lazy` (default `false`) loads it after the
    /// page.
    ///
    /// Inlinable, so its maker is compiled for the app's own scene and component types.
    @inlinable
    public static func slot<C: Component>(
        _ id: String, lazy: Bool = false, _ make: @escaping @Sendable (Self, RequestScope) -> C?
    ) -> ComponentSlot {
        ComponentSlot(id: id, type: C.self, isLazy: lazy) { scene, scope in
            guard let scene = scene as? Self, let component = make(scene, scope) else { return nil }
            return component
        }
    }
}

// MARK: - Layout slots

extension ComponentSlot {
    /// A slot of the app's ``TesseraApp/layoutComposition``: the component `id`, made by `make`
    /// from the request on every page that has the layout (nil leaves it out), and placed by the
    /// layout as `{{components.<id>}}`. Each scene answers its fragment at `<path>/_/<id>`,
    /// behind the scene's own guards, and mounts its actions:
    ///
    /// ```swift
    /// var layoutComposition: [ComponentSlot] {
    ///     [.layout("awaiting") { scope in scope.userID.map(AwaitingReplyComponent.init) }]
    /// }
    /// ```
    @inlinable
    public static func layout<C: Component>(_ id: String, _ make: @escaping @Sendable (RequestScope) -> C?) -> ComponentSlot {
        ComponentSlot(id: id, type: C.self, isLazy: false) { _, scope in make(scope) }
    }

    /// The distinct component types of `slots` and their children (``ChildSlot``), in order.
    static func componentTypes(of slots: [ComponentSlot]) -> [any Component.Type] {
        var seen: Set<ObjectIdentifier> = []
        var types: [any Component.Type] = []
        func visit(_ type: any Component.Type) {
            guard seen.insert(ObjectIdentifier(type)).inserted else { return }
            types.append(type)
            for child in type.children { visit(child.childType) }
        }
        for slot in slots { visit(slot.type) }
        return types
    }
}
