// MARK: - Component

/// A self-managing part of a page: it loads its own data, renders its own fragment, shows its
/// own error, owns its actions and pagination, and can be fetched alone at its own URL.
///
/// A component is a value the compiler checks for data races: its stored properties are its
/// configuration (what its scene hands it: ids, URL builders, values the scene loaded), fixed
/// once it is made, and ``load(_:)`` returns the `Model` its template reads. Nothing is left
/// behind in the component between loading and rendering, so a page's components load
/// concurrently with no lock in app code.
///
/// ```swift
/// @Component
/// struct ShelfComponent {
///     let userID: Int64
///     func load(_ scope: ComponentScope<Self>) async throws -> Model {
///         Model(books: try await BookStore(database: scope.database).shelf(of: userID))
///     }
///     @TemplateModel
///     struct Model { let books: [Book] }
/// }
/// ```
///
/// The template is `Views/**/ShelfComponent.mustache`, found by the type's name
/// (``template`` names another). Besides the model's keys it may read `fragmentURL`,
/// `componentID` and the site's globals.
///
/// Lifecycle, per request, in order:
/// 1. made by its scene's ``ComponentSlot`` (after the scene's ``Scene/loadData(_:)``);
/// 2. ``load(_:)``, concurrently with the scene's other components;
/// 3. rendered: the model read by the template, inside a root element Tessera writes with
///    `id`, `data-component` and `data-src`.
///
/// For an action, the handler runs instead of `load`; its ``ActionResult`` either shows a model
/// it made (a refused form with the input kept) or has the component load again.
public protocol Component: Sendable {
    /// The values the template reads; `Sendable`, since loads run concurrently.
    associatedtype Model: TemplateModel & Sendable

    /// Loads this component's data through `scope.database` and returns what its template
    /// shows. Throw a ``RequestError`` for bad input (the whole request answers 4xx); any other
    /// error is shown in this component's error fragment while the page still renders.
    func load(_ scope: ComponentScope<Self>) async throws -> Model

    /// Loads several components of this type at once: the children of one kind a page's
    /// parents placed (``ChildSlot``), in one query instead of one each. Returns one model per
    /// scope, in order. Default: each one's ``load(_:)``, one after another.
    static func load(batch: [(component: Self, scope: ComponentScope<Self>)]) async throws -> [Model]

    /// The kinds of child this component places (its static ``ChildSlot`` values, listed by
    /// ``Component()``); default none. Their actions are mounted with its own, and start-up
    /// checks their templates.
    static var children: [any ChildDeclaration] { get }

    /// The actions this component answers (its static ``Action`` values, listed by
    /// ``Component()``); default none. Each is a route of every scene holding the component.
    static var actions: [Action<Self>] { get }

    /// The `data-component` name; default the type name without `Component`, in kebab case
    /// (`BlogListComponent` → `blog-list`).
    static var componentName: String { get }

    /// The template under `Views/`, or nil (default) for the one named like the type:
    /// `Views/**/<TypeName>.mustache`. None found (or two with that name) is a start-up and
    /// `validate` error naming the component.
    static var template: String? { get }

    /// The cell renderers this component draws through a `SectionedDataSource`, whose
    /// templates and models start-up checks: `@Component` lists those its data sources' closures
    /// name; default none.
    static var cellTypes: [any CellRenderer.Type] { get }

    /// Whether Tessera may reuse this component's rendered fragment for later requests, and
    /// for whom (see ``FragmentCaching``); default ``FragmentCaching/never``.
    static var caching: FragmentCaching { get }

    /// Whether an open page showing this component is brought up to date when the data it
    /// shows changes: with the client script, the page follows it on one event stream
    /// (`/_tessera/live`) and morphs in each new copy, keeping what is being typed. Default
    /// false.
    static var live: Bool { get }

    /// The SQL statements this component's `load` should need; default 5. The dev overlay
    /// outlines a component over its budget in red.
    static var queryBudget: Int { get }

    /// The root element's tag; default `section`.
    var rootElement: String { get }

    /// Extra classes for the root element; default none.
    var rootClass: String? { get }

    /// The placeholder link's text when the component is lazy (``ComponentSlot``); default
    /// "Show this part of the page".
    var lazyLinkText: String { get }

    /// Query items the fragment URL must carry to reproduce `model` (say its page number);
    /// default none.
    func fragmentQuery(for model: Model) -> [(String, String)]

    /// The sentence shown when loading failed; default a generic apology (details go to the log).
    func errorMessage(for error: any Error) -> String

    /// Changes or drops (nil) the event recorded when one of its actions ran; default
    /// `proposed` as is.
    func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent?
}

// MARK: - Defaults

extension Component {
    public static func load(batch: [(component: Self, scope: ComponentScope<Self>)]) async throws -> [Model] {
        var models: [Model] = []
        for (component, scope) in batch { models.append(try await component.load(scope)) }
        return models
    }
    public static var children: [any ChildDeclaration] { [] }
    public static var actions: [Action<Self>] { [] }
    public static var componentName: String { TypeNames.name(of: self, .kebab, make: kebabName) }
    public static var template: String? { nil }
    public static var cellTypes: [any CellRenderer.Type] { [] }
    public static var caching: FragmentCaching { .never }
    public static var live: Bool { false }
    public static var queryBudget: Int { 5 }
    public var rootElement: String { "section" }
    public var rootClass: String? { nil }
    public var lazyLinkText: String { "Show this part of the page" }
    public func fragmentQuery(for model: Model) -> [(String, String)] { [] }
    public func errorMessage(for error: any Error) -> String { "This part of the page could not be loaded." }
    public func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? { proposed }

    /// `Model`, for the template checks.
    static var modelType: any TemplateModel.Type { Model.self }

    /// `type`'s name without `Component`, in kebab case.
    static func kebabName(of type: Any.Type) -> String {
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

extension Component where Model == EmptyModel {
    /// A component with nothing to load shows its template alone.
    public func load(_ scope: ComponentScope<Self>) async throws -> EmptyModel { EmptyModel() }
}
