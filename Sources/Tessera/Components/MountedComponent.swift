// MARK: - MountedComponent

/// One component on one request's page: the component its scene made, where it stands (id,
/// scene URL, lazy or not), and what Tessera keeps while serving it (its model or its error,
/// its figures, a reused fragment). Lives in the request's task only: loads run in child tasks
/// that get the (`Sendable`) component and hand back a ``LoadOutcome``.
final class MountedComponent: HTMLFragment {
    // MARK: - Identity

    /// The component, as its scene made it.
    let component: any Component
    /// Its id in the scene.
    let id: String
    /// The URL of the scene instance it renders in.
    let sceneURL: String
    /// Whether the page leaves it out and loads it afterwards (``ComponentSlot``).
    let isLazy: Bool
    /// For a child, the query its parent needs to place it again (``ComponentScope/parentQuery``).
    let parentQuery: [(String, String)]
    /// Whether a parent placed it (its action URLs name it).
    let isChild: Bool

    /// The component's type.
    var type: any Component.Type { Swift.type(of: component) }

    // MARK: - State kept by Tessera

    /// What the template reads, once loaded (or shown by an action).
    var model: (any ViewModel & Sendable)?
    /// The error `load` threw, if it did; the component then renders its error fragment.
    var loadError: (any Error)?
    /// Statements its `load` ran in this request.
    var queryCount = 0
    /// How long `load` took.
    var loadDuration: Duration = .zero
    /// Set for a lazy component the page did not load: `write` renders the placeholder.
    var isDeferred = false
    /// Set in development mode: `write` adds the dev overlay's figures as data attributes.
    var showsDevFigures = false
    /// A reused fragment (``Component/caching``): `write` writes it, its children loaded
    /// afresh in their places; `load` did not run.
    var cachedFragment: CachedFragment?
    /// The child components its `load` placed (or its reused fragment holds), in order.
    var children: [MountedComponent] = []
    /// Where `write` stores the fragment when reuse is allowed and none was found.
    var pendingFragment: FragmentCache.Pending?

    /// `component` as `id` in the scene at `sceneURL`; for a child, placed by a parent whose
    /// URLs carry `parentQuery`.
    init(
        _ component: any Component, id: String, sceneURL: String, isLazy: Bool = false, parentQuery: [(String, String)] = [],
        isChild: Bool = false
    ) {
        self.component = component
        self.id = id
        self.sceneURL = sceneURL
        self.isLazy = isLazy
        self.parentQuery = parentQuery
        self.isChild = isChild
    }

    /// Where it loads or acts in `request`.
    func place(in request: RequestScope) -> ComponentPlace {
        ComponentPlace(request: request, id: id, sceneURL: sceneURL, parentQuery: parentQuery, isChild: isChild)
    }

    // MARK: - Loading

    /// Takes what a load produced.
    func take(_ outcome: LoadOutcome) {
        switch outcome.result {
        case .success(let model): self.model = model
        case .failure(let error): loadError = error
        }
        queryCount = outcome.queries
        loadDuration = outcome.duration
        isDeferred = false
        let childQuery = urlQuery
        children = outcome.children.map {
            MountedComponent($0.component, id: $0.id, sceneURL: sceneURL, parentQuery: childQuery, isChild: true)
        }
    }

    /// Takes a reused fragment: it is written as it is, its children mounted to load afresh.
    func reuse(_ fragment: CachedFragment) {
        cachedFragment = fragment
        children = fragment.holes.map {
            MountedComponent($0.component, id: $0.id, sceneURL: sceneURL, parentQuery: $0.parentQuery, isChild: true)
        }
        isDeferred = false
    }

    // MARK: - URLs

    /// Its own URL, carrying ``urlQuery``.
    var fragmentURL: String {
        ComponentURLs.fragmentURL(sceneURL: sceneURL, id: id, query: urlQuery)
    }

    /// The query that reproduces its model (after its parent's, for a child): its fragment URL
    /// carries it, and so do its children's URLs, so that it places them again.
    var urlQuery: [(String, String)] { parentQuery + (model.map { Self.query(component, $0) } ?? []) }

    private static func query<C: Component>(_ component: C, _ model: any ViewModel) -> [(String, String)] {
        (model as? C.Model).map(component.fragmentQuery(for:)) ?? []
    }

    // MARK: - Rendering

    /// Writes the root element, then the template (or the error fragment), then closes it;
    /// stores the fragment for reuse when asked to and it read nothing personal (its children's
    /// reads aside: they are left out of it).
    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        if let cachedFragment { return writeReused(cachedFragment, into: &writer, renderer: renderer) }
        guard let pending = pendingFragment, loadError == nil, !isDeferred else {
            _ = writeElement(into: &writer, renderer: renderer)
            return
        }
        pendingFragment = nil
        let (start, personalReads) = (writer.byteCount, renderer.personalReads)
        let (holes, childReads) = writeElement(into: &writer, renderer: renderer)
        guard renderer.personalReads - childReads == personalReads else { return pending.cache.refuse(type, key: pending.key) }
        pending.cache.store(Self.fragment(writer.bytes(from: start), start: start, holes: holes), for: pending)
    }

    /// `bytes` (written from `start`) without the children's bytes, which `holes` locate.
    private static func fragment(_ bytes: [UInt8], start: Int, holes: [ChildOutlets.Hole]) -> CachedFragment {
        guard !holes.isEmpty else { return CachedFragment(bytes: bytes, holes: []) }
        var kept: [UInt8] = []
        var places: [CachedFragment.Hole] = []
        var last = 0
        for hole in holes {
            kept += bytes[last..<(hole.start - start)]
            places.append(CachedFragment.Hole(offset: kept.count, id: hole.id, component: hole.component, parentQuery: hole.parentQuery))
            last = hole.end - start
        }
        kept += bytes[last...]
        return CachedFragment(bytes: kept, holes: places)
    }

    /// Writes a reused fragment, each child in its place.
    private func writeReused(_ fragment: CachedFragment, into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        guard !fragment.holes.isEmpty else { return writer.writeRaw(fragment.bytes) }
        var last = 0
        for hole in fragment.holes {
            writer.writeRaw(Array(fragment.bytes[last..<hole.offset]))
            children.first { $0.id == hole.id }?.write(into: &writer, renderer: renderer)
            last = hole.offset
        }
        writer.writeRaw(Array(fragment.bytes[last...]))
    }

    /// Writes the element; returns where its children went and the personal reads they made.
    private func writeElement(into writer: inout HTMLWriter, renderer: TemplateRenderer) -> (holes: [ChildOutlets.Hole], childReads: Int) {
        let rootElement = component.rootElement
        let fragmentURL = fragmentURL
        writer.writeRaw("<")
        writer.writeTrusted(rootElement)
        writer.writeRaw(" id=\"")
        writer.writeEscaped(id)
        writer.writeRaw("\" data-component=\"")
        writer.writeEscaped(type.componentName)
        writer.writeRaw("\" data-src=\"")
        writer.writeEscaped(fragmentURL)
        if let rootClass = component.rootClass {
            writer.writeRaw("\" class=\"")
            writer.writeEscaped(rootClass)
        }
        if showsDevFigures { DevOverlay.writeAttributes(of: self, into: &writer) }
        if isDeferred {
            writer.writeRaw("\" data-tessera-lazy=\"\"><p class=\"tessera-lazy\"><a href=\"")
            writer.writeEscaped(fragmentURL)
            writer.writeRaw("\">")
            writer.writeEscaped(component.lazyLinkText)
            writer.writeRaw("</a></p></")
            writer.writeTrusted(rootElement)
            writer.writeRaw(">")
            return ([], 0)
        }
        writer.writeRaw("\">")
        let template = renderer.library.compiledTemplate(of: type, declared: type.template)
        var children: (holes: [ChildOutlets.Hole], personalReads: Int) = ([], 0)
        if let template, let model, loadError == nil {
            renderer.childOutlets.enter(self.children)
            renderer.render(template, ComponentViewModel(id: id, fragmentURL: fragmentURL, model: model), into: &writer)
            children = renderer.childOutlets.leave()
        } else {
            let message = loadError.map(component.errorMessage(for:)) ?? ""
            let shown = template != nil ? message : "Missing template for \(type)"
            let model: [String: TemplateValue] = ["message": .string(shown), "retryURL": .string(fragmentURL)]
            renderer.render(BuiltInTemplates.componentError, model, into: &writer)
        }
        writer.writeRaw("</")
        writer.writeTrusted(rootElement)
        writer.writeRaw(">")
        return (children.holes, children.personalReads)
    }
}

// MARK: - LoadOutcome

/// What loading one component produced, handed back from its task: its model or its error,
/// the statements it ran and how long it took.
struct LoadOutcome: Sendable {
    let result: Result<any ViewModel & Sendable, any Error>
    let queries: Int
    let duration: Duration
    /// The children its `load` placed.
    var children: [(id: String, component: any Component)] = []
}

// MARK: - ComponentViewModel

/// A component's model, plus `fragmentURL` and `componentID`.
struct ComponentViewModel: ViewModel {
    /// The keys every component template may read besides its model's.
    static let builtInKeys: [(name: String, shape: TemplateShape)] = [
        ("fragmentURL", .value), ("componentID", .value),
    ]

    let id: String
    let fragmentURL: String
    let model: any ViewModel

    func value(forKey key: String) -> TemplateValue? {
        if let value = model.value(forKey: key) { return value }
        switch key {
        case "fragmentURL": return .string(fragmentURL)
        case "componentID": return .string(id)
        default: return nil
        }
    }
}

/// A scene's components by id, for its template: `{{components.user-info}}`.
struct ComponentMap: ViewModel {
    let components: [MountedComponent]

    func value(forKey key: String) -> TemplateValue? {
        components.first { $0.id == key }.map { .fragment($0) }
    }
}
