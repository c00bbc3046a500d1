// MARK: - LoadedComponent

/// What loading one placed component produced, immutable: its model (or its error, or nothing
/// yet for a lazy one, or a reused fragment), the children it placed, already loaded, and the
/// figures of its load. Writing it writes its fragment. A class, so that passing it along the
/// render path retains one reference, not each of its fields.
final class LoadedComponent: HTMLFragment, Sendable {
    /// How it renders.
    enum State: Sendable {
        /// `load` returned a model (or an action's handler showed one).
        case loaded(any ViewModel & Sendable)
        /// `load` threw: it renders its error fragment.
        case failed(any Error)
        /// A lazy component the page did not load: it renders its placeholder link.
        case deferred
        /// Its fragment from an earlier request (``Component/caching``), written as it is.
        case reused(CachedFragment)
    }

    /// The component and where it stands.
    let placed: PlacedComponent
    /// What it renders.
    let state: State
    /// Its model's own query (``Component/fragmentQuery(for:)``), which its URL carries.
    let query: [(String, String)]
    /// The children it placed (or its reused fragment holds), loaded, in order.
    let children: [LoadedComponent]
    /// Statements its `load` ran and how long it took, in development (written as data
    /// attributes for the dev overlay); nil otherwise.
    let figures: LoadFigures?
    /// Where its rendered fragment is kept for later requests, when its type allows that and
    /// none was found (``ReuseLayer``).
    let keep: FragmentCache.Pending?
    /// For a live component (``Component/live``), the app data's generation it was loaded at:
    /// the page's stream catches up from it.
    let liveSince: UInt64?

    init(
        placed: PlacedComponent, state: State, query: [(String, String)] = [], children: [LoadedComponent] = [],
        figures: LoadFigures? = nil, keep: FragmentCache.Pending? = nil, liveSince: UInt64? = nil
    ) {
        self.placed = placed
        self.state = state
        self.query = query
        self.children = children
        self.figures = figures
        self.keep = keep
        self.liveSince = liveSince
    }

    // MARK: - Reading

    var id: String { placed.id }
    var type: any Component.Type { placed.type }

    /// Its model, when loaded.
    var model: (any ViewModel & Sendable)? {
        if case .loaded(let model) = state { return model }
        return nil
    }

    /// Its own URL, carrying the query that reproduces its model.
    var fragmentURL: String { placed.fragmentURL(modelQuery: query) }

    // MARK: - Writing

    /// Writes the root element, then the template (or the error fragment, the lazy placeholder
    /// or the reused bytes), then closes it; keeps the fragment for reuse when asked to and it
    /// read nothing personal (its children's reads aside: they are left out of it).
    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        guard let tracing = SiteTelemetry.current?.tracing else { return writeUntraced(into: &writer, renderer: renderer) }
        tracing.rendering("render " + type.componentName) { writeUntraced(into: &writer, renderer: renderer) }
    }

    /// ``write(into:renderer:)`` without its span.
    private func writeUntraced(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        if case .reused(let fragment) = state {
            return ReuseLayer.write(fragment, liveSince: liveSince, children: children, into: &writer, renderer: renderer)
        }
        guard let keep else {
            _ = writeElement(into: &writer, renderer: renderer)
            return
        }
        let outlets = ChildOutlets.of(renderer)
        let (start, personalReads) = (writer.byteCount, outlets?.personalReads ?? 0)
        let (holes, childReads) = writeElement(into: &writer, renderer: renderer)
        let personal = (outlets?.personalReads ?? 0) - childReads != personalReads
        ReuseLayer.keep(writer.bytes(from: start), start: start, holes: holes, of: placed, personal: personal, at: keep)
    }

    /// Writes the element; returns where its children went and the personal reads they made.
    private func writeElement(into writer: inout HTMLWriter, renderer: TemplateRenderer) -> (holes: [ChildOutlets.Hole], childReads: Int) {
        let component = placed.component
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
        if let liveSince {
            writer.writeRaw("\" data-tessera-live-since=\"")
            writer.writeTrusted(String(liveSince))
        }
        if let rootClass = component.rootClass {
            writer.writeRaw("\" class=\"")
            writer.writeEscaped(rootClass)
        }
        if let figures { DevOverlay.writeAttributes(figures, budget: type.queryBudget, into: &writer) }
        var written: (holes: [ChildOutlets.Hole], childReads: Int) = ([], 0)
        switch state {
        case .deferred:
            writer.writeRaw("\" data-tessera-lazy=\"\"><p class=\"tessera-lazy\"><a href=\"")
            writer.writeEscaped(fragmentURL)
            writer.writeRaw("\">")
            writer.writeEscaped(component.lazyLinkText)
            writer.writeRaw("</a></p>")
        case .loaded(let model):
            writer.writeRaw("\">")
            guard let template = renderer.library.compiledTemplate(of: type, declared: type.template) else {
                writeError("Missing template for \(type)", into: &writer, renderer: renderer)
                break
            }
            let outlets = ChildOutlets.of(renderer)
            outlets?.enter(children, parentID: id, type: type)
            renderer.render(template, ComponentViewModel(id: id, fragmentURL: fragmentURL, model: model), into: &writer)
            if let left = outlets?.leave() { written = (left.holes, left.personalReads) }
        case .failed(let error):
            writer.writeRaw("\">")
            writeError(component.errorMessage(for: error), into: &writer, renderer: renderer)
        case .reused:
            writer.writeRaw("\">")
        }
        writer.writeRaw("</")
        writer.writeTrusted(rootElement)
        writer.writeRaw(">")
        return written
    }

    private func writeError(_ message: String, into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        let model: [String: TemplateValue] = ["message": .string(message), "retryURL": .string(fragmentURL)]
        renderer.render(BuiltInTemplates.componentError, model, into: &writer)
    }
}

// MARK: - LoadFigures

/// What one component's load cost: the statements it ran and how long it took.
struct LoadFigures: Sendable {
    var queries = 0
    var duration: Duration = .zero
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
    let components: [LoadedComponent]

    func value(forKey key: String) -> TemplateValue? {
        components.first { $0.id == key }.map { .fragment($0) }
    }
}
