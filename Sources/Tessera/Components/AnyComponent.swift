import Foundation

// MARK: - AnyComponent

/// A self-managing part of a page: it loads its own data, renders its own fragment, shows its
/// own error, owns its actions and pagination, and can be fetched alone at its own URL.
///
/// A component does not know its parent. Whoever creates it passes what it needs — its
/// configuration, URL builders for where its links lead (a view controller factory's job), and, where
/// components must agree, one shared state object.
///
/// Lifecycle, in order, per request:
/// 1. `init` by its scene's ``Scene/configureComponents(_:)``;
/// 2. ``load(_:)``, concurrently with the scene's other components (after the scene's
///    ``Scene/loadData(_:)``);
/// 3. rendering: ``Component/viewModel()`` read by the template named like the type, inside a root element Tessera writes
///    with `id`, `data-component` and `data-src`.
///
/// For an action, the handler runs instead of `load`: the fragment is rendered from the state
/// the handler left, so a handler sets everything its template shows (the input kept, the
/// problems, the new count). `load` runs after the handler only when its result names the
/// component's own type (``ActionResult/updating(_:)``).
open class AnyComponent: HTMLFragment, @unchecked Sendable {
    // MARK: - Identity

    /// The stable id: the root element's `id` and the last part of the fragment URL. Unique in
    /// its scene.
    public let id: String

    /// The `data-component` name; default the type name without `Component`, in kebab case
    /// (`BlogListComponent` → `blog-list`). Named so that a component's own `static let name`
    /// (a form field, say) does not collide with it.
    open class var componentName: String { AnyComponent.kebabName(of: self) }

    /// The template under `Views/`, or nil (default) for the one named like the type:
    /// `Views/**/<TypeName>.mustache`. None found (or two with that name) is a start-up and
    /// `validate` error naming the component.
    open class var template: String? { nil }

    /// The root element's tag; default `section`.
    open var rootElement: String { "section" }

    /// Extra classes for the root element; default none.
    open var rootClass: String? { nil }

    /// Query items the fragment URL must carry to reproduce this state (say the page number);
    /// default none.
    open var fragmentQuery: [(String, String)] { [] }

    /// The cell renderers this component draws through a ``CellRegistry`` (a
    /// ``SectionedDataSource``), whose templates and models start-up checks; default none.
    /// Cells of an ``ArrayDataSource`` in the model are found without this.
    open class var cellTypes: [any CellRenderer.Type] { [] }

    /// Actions this component answers (its static ``Action`` values), each with the handler
    /// that runs it; default none. Routes for them are mounted from this table.
    open class var actions: ActionTable { ActionTable() }

    /// Whether Tessera may reuse this component's rendered fragment for later requests instead
    /// of loading and rendering it again, and for whom (see ``FragmentCaching`` for when a
    /// fragment is reused and what it may depend on); default ``FragmentCaching/never``.
    open class var caching: FragmentCaching { .never }

    /// The SQL statements this component's `load` should need; default 5. Only the dev overlay
    /// reads it: a component over its budget is outlined in red there.
    open class var queryBudget: Int { 5 }

    // MARK: - Lazy loading

    /// Whether the page leaves this component out and loads it afterwards; default `false`. A
    /// scene sets it in ``Scene/configureComponents(_:)``. On the page, a lazy component is not
    /// loaded: it renders a placeholder holding a plain link to its fragment URL, which the client
    /// script follows when the placeholder scrolls near; followed without JavaScript, that URL
    /// answers with the component alone inside the scene's layout.
    public var isLazy = false

    /// The placeholder link's text; default "Show this part of the page".
    open var lazyLinkText: String { "Show this part of the page" }
    // MARK: - State kept by Tessera

    /// The error `load` threw, if it did; the component then renders its error fragment.
    public internal(set) var loadError: (any Error)?
    /// Statements this component's `load` ran in the current request.
    public var queryCount: Int { queryCounter?.value ?? 0 }
    /// How long `load` took.
    public internal(set) var loadDuration: Duration = .zero
    /// The URL of the scene instance this component renders in (set by Tessera).
    public internal(set) var sceneURL: String = ""
    var queryCounter: QueryCounter?
    /// Set by the page runner for a lazy component it did not load: `write` renders the placeholder.
    var isDeferred = false
    /// Set in development mode: `write` adds the dev overlay's figures as data attributes.
    var showsDevFigures = false
    /// A reused fragment (``caching``): `write` writes it as it is; `load` did not run.
    var cachedFragment: [UInt8]?
    /// Where `write` stores the fragment when reuse is allowed and none was found.
    var pendingFragment: FragmentCache.Pending?

    // MARK: - Life cycle

    /// A component with `id`.
    public init(id: String) { self.id = id }

    /// Loads this component's data through `scope.database`. Default: nothing. No need to call
    /// `super`. Throw a ``RequestError`` for bad input (the whole request answers 4xx); any
    /// other error is shown in this component's error fragment while the page still renders.
    open func load(_ scope: RequestScope) async throws {}

    /// The values the template reads: ``Component``'s typed `viewModel()`; an ``EmptyModel``
    /// for a component that is not a ``Component``.
    func anyViewModel() -> any ViewModel { EmptyModel() }

    /// The type of ``anyViewModel()``, for the template checks.
    class var modelType: any TemplateModel.Type { EmptyModel.self }

    /// Changes or drops (nil) the event recorded when one of its actions ran. Default: records
    /// `proposed` as is.
    open func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? { proposed }

    // MARK: - URLs

    /// This component's own URL, answering with just its fragment.
    public var fragmentURL: String { fragmentURL(query: fragmentQuery) }

    /// This component's fragment URL with `query` instead of its current state.
    public func fragmentURL(query: [(String, String)]) -> String {
        let base = sceneURL == "/" ? "" : sceneURL
        return base + "/_/" + id + URLQuery.encode(query)
    }

    // MARK: - Rendering

    /// Writes the root element, then the template (or the error fragment), then closes it.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        if let cachedFragment { return writer.writeRaw(cachedFragment) }
        guard let pending = pendingFragment, loadError == nil, !isDeferred else {
            return writeElement(into: &writer, renderer: renderer)
        }
        pendingFragment = nil
        let (start, personalReads) = (writer.byteCount, renderer.personalReads)
        writeElement(into: &writer, renderer: renderer)
        if renderer.personalReads == personalReads {
            pending.cache.store(writer.bytes(from: start), for: pending)
        } else {
            pending.cache.refuse(type(of: self))
        }
    }

    private func writeElement(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        writer.writeRaw("<")
        writer.writeRaw(Array(rootElement.utf8))
        writer.writeRaw(" id=\"")
        writer.writeEscaped(id)
        writer.writeRaw("\" data-component=\"")
        writer.writeEscaped(Self.componentName)
        writer.writeRaw("\" data-src=\"")
        writer.writeEscaped(fragmentURL)
        if let rootClass {
            writer.writeRaw("\" class=\"")
            writer.writeEscaped(rootClass)
        }
        if showsDevFigures { DevOverlay.writeAttributes(of: self, into: &writer) }
        if isDeferred {
            writer.writeRaw("\" data-tessera-lazy=\"\"><p class=\"tessera-lazy\"><a href=\"")
            writer.writeEscaped(fragmentURL)
            writer.writeRaw("\">")
            writer.writeEscaped(lazyLinkText)
            writer.writeRaw("</a></p></")
            writer.writeRaw(Array(rootElement.utf8))
            writer.writeRaw(">")
            return
        }
        writer.writeRaw("\">")
        let template = renderer.library.compiledTemplate(of: type(of: self), declared: Self.template)
        if loadError != nil || template == nil {
            let message = loadError.map(errorMessage(for:)) ?? ""
            let shown = template != nil ? message : "Missing template for \(type(of: self))"
            let model: [String: TemplateValue] = ["message": .string(shown), "retryURL": .string(fragmentURL)]
            renderer.render(BuiltInTemplates.componentError, model, into: &writer)
        } else if let template {
            renderer.render(template, ComponentViewModel(component: self, model: anyViewModel()), into: &writer)
        }
        writer.writeRaw("</")
        writer.writeRaw(Array(rootElement.utf8))
        writer.writeRaw(">")
    }

    /// The sentence shown when loading failed. Default: a generic apology (details go to the
    /// log). No need to call `super`.
    open func errorMessage(for error: any Error) -> String {
        "This part of the page could not be loaded."
    }

    // MARK: - Private

    static func kebabName(of type: Any.Type) -> String {
        TypeNames.name(of: type, .kebab, make: makeKebabName)
    }

    private static func makeKebabName(of type: Any.Type) -> String {
        var name = String(describing: type)
        if name.hasSuffix("Component"), name != "Component" { name.removeLast("Component".count) }
        var result = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { result.append("-") }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}

// MARK: - ComponentViewModel

/// A component's model, plus `fragmentURL` and `componentID`.
struct ComponentViewModel: ViewModel {
    /// The keys every component template may read besides its model's.
    static let builtInKeys: [(name: String, shape: TemplateShape)] = [
        ("fragmentURL", .value), ("componentID", .value),
    ]

    let component: AnyComponent
    let model: any ViewModel

    func value(forKey key: String) -> TemplateValue? {
        if let value = model.value(forKey: key) { return value }
        switch key {
        case "fragmentURL": return .string(component.fragmentURL)
        case "componentID": return .string(component.id)
        default: return nil
        }
    }
}

/// A scene's components by id, for its template: `{{components.user-info}}`.
struct ComponentMap: ViewModel {
    let components: [AnyComponent]

    func value(forKey key: String) -> TemplateValue? {
        components.first { $0.id == key }.map { .fragment($0) }
    }
}
