// MARK: - Scene

/// A page: the scene controller that parses the request, composes components, and renders.
///
/// A scene is made fresh for each request (`required init()`) and lives in that request's task
/// only (it is not `Sendable`: its properties are the request's own). Tessera calls its hooks
/// in this fixed order (the web's version of a view controller's life cycle):
///
/// 1. ``parseParameters(_:)`` — check the request's parameters (a bad one ends in 400/404);
/// 2. ``chooseLayout(_:)`` — the layout template around the page;
/// 3. ``loadData(_:)`` — the scene's own data and access checks (`viewDidLoad`);
/// 4. the components its ``composition`` declares are made from the scene, then every one
///    loads, concurrently;
/// 5. ``willRender(_:_:)`` — last changes: title, status, headers (`viewWillAppear`);
/// 6. render — the template with ``ModelScene/viewModel()`` (if any), inside the layout;
/// 7. ``didRender(_:status:)`` — after-render work: analytics (`viewDidAppear`).
///
/// A `POST` to one of its components' actions runs steps 1–4 up to making the components (so
/// its access checks protect every handler, once), then the handler instead of the
/// components' loads; the answer renders what the handler shows, loading again only the
/// components its ``ActionResult`` names.
///
/// A page that varies (your own profile or someone else's) is one ``VariantScene``: its template
/// is chosen per request among cases all checked at start-up, and a slot whose maker returns nil
/// leaves out what a variant does not show.
open class Scene {
    // MARK: - Declaration

    /// The route, such as `/users/:id`. Every scene names its own: the default (empty) is a
    /// start-up error naming the scene and its file.
    open class var path: String { "" }

    /// The components this scene holds, each declared once with ``Scene/slot(_:lazy:_:)``: its
    /// id, its type and how it is made, in order. Each type's ``Component/actions`` are mounted
    /// under ``path``, and the scene's template may place exactly these ids
    /// (`{{components.<id>}}`, checked at start-up). Default: none.
    open class var composition: [ComponentSlot] { [] }

    /// The distinct component types of ``composition`` and their children (``ChildSlot``), in
    /// order: the types whose actions are mounted and whose templates start-up checks.
    public static var componentTypes: [any Component.Type] { ComponentSlot.componentTypes(of: composition) }

    /// Who may see this scene and use what it holds: its page, its components' fragments, their
    /// children and live follows, and their actions (an action may narrow it with its own). There
    /// is no default: a scene that declares none stops start-up, so no page is open by omission.
    ///
    /// ```swift
    /// override class var policy: Policy? { .anyone }
    /// override class var policy: Policy? { .signedIn }
    /// override class var policy: Policy? { .owner { (scene: DraftScene) in scene.draft?.authorID } || .role(.admin) }
    /// ```
    ///
    /// Tessera checks it before any hook runs (an owner rule right after ``Scene/loadData(_:)``): a
    /// visitor asking for the page is sent (`303`) to `SiteConfiguration.signInPath` with `next`
    /// pointing back, and gets `403` for a fragment or an action; see ``Policy`` for the rest.
    /// Hooks can rely on what it allows (`scope.userID` under ``Policy/signedIn``).
    open class var policy: Policy? { nil }

    /// Whether a visitor's page is kept and sent again to the next visitors asking for the same
    /// URL, until a table it was made from changes (in any process); default `false`.
    ///
    /// Declare it when a visitor's page depends on nothing but its URL and the app's data: the
    /// scene's hooks, its components and the app's globals read nothing else of the request.
    /// Tessera keeps a page only when it is the same for every visitor: a `GET` from a visitor
    /// with no session and no notice waiting, answered `200`, setting no cookie, whose templates
    /// read no token (a form), and whose every component allows reuse (``Component/caching``)
    /// and loaded; a page holding a component that never reuses is logged once. Pages are keyed
    /// by path and query, and bounded in bytes like fragments
    /// (`SiteConfiguration.fragmentCacheLimit`); development mode keeps none.
    ///
    /// For a request a kept page answers, Tessera runs ``parseParameters(_:)`` and
    /// ``didRender(_:status:)`` (so analytics counts the view), not ``loadData(_:)``, the
    /// components or ``willRender(_:_:)``. Members' pages are never kept. A scene whose
    /// ``policy`` does not let anyone in that declares it is a start-up error.
    open class var reusesVisitorPages: Bool { false }

    /// The name analytics records; default the type's name.
    open class var analyticsName: String { TypeNames.name(of: self, .described) { String(describing: $0) } }

    /// The body template's name under `Views/`, or nil (default) for the template named like the
    /// scene (`Views/**/<SceneName>.mustache`). A missing template is a start-up error, unless
    /// the scene declares ``rendersComponentsInOrder``. Declared on the type, so start-up checks
    /// the template every request renders; a scene choosing among several per request is a
    /// ``VariantScene``.
    open class var template: String? { nil }

    /// Whether the page body is the components one after another, with no template of its own;
    /// default `false` (the scene's template places them). Declared rather than inferred, so a
    /// deleted template is an error at start-up, not a page quietly missing its frame. A
    /// ``ModelScene`` has values to show, so it always has a template.
    open class var rendersComponentsInOrder: Bool { false }

    package internal(set) var layout: String?

    /// A scene; Tessera makes one per request.
    public required init() {}

    // MARK: - Life cycle

    /// Reads and checks parameters into the scene's own properties. Default: nothing. No need
    /// to call `super` unless the superclass parses too. Throw a ``RequestError`` for bad input.
    open func parseParameters(_ scope: RequestScope) throws {}

    /// The layout template's name, or nil for none (the scene's template is the whole page).
    /// Default: the site's `SiteConfiguration.defaultLayout`.
    open func chooseLayout(_ scope: RequestScope) -> String? { scope.site.configuration.defaultLayout }

    /// Loads data the scene itself needs (components load their own), into the scene's own
    /// properties, which its components' makers then read. Default: nothing. No need to call
    /// `super` unless the superclass loads too. Throw ``RequestError/notFound(_:)`` when the
    /// page's subject is missing. After an action whose result updates other components, it
    /// runs again before they are made anew.
    open func loadData(_ scope: RequestScope) async throws {}

    /// Sets the title, status and headers. Default: leaves the site's title. No need to call
    /// `super`.
    open func willRender(_ head: inout PageHead, _ scope: RequestScope) {}

    /// Runs after the page was rendered. Default: records the page view returned by
    /// ``analyticsEvent(_:)``. An override must call `super` to keep analytics.
    open func didRender(_ scope: RequestScope, status: Int) async {
        let proposed = AnalyticsEvent(
            kind: .pageView, name: Self.analyticsName, path: scope.request.uri.path, status: status)
        guard let event = analyticsEvent(proposed) else { return }
        await scope.site.record(event)
    }

    /// Changes or drops (nil) what the page view records. Default: `proposed` as is.
    open func analyticsEvent(_ proposed: AnalyticsEvent) -> AnalyticsEvent? { proposed }

    // MARK: - URLs

    /// This scene's URL for the current request: its path with the route parameters filled in.
    /// Plain form posts are redirected here. Default: built from ``path``.
    open func url(_ scope: RequestScope) -> String {
        Self.fill(Self.path) { scope.path[$0] ?? "" }
    }

    /// The URL of this scene for `values`, one for each `:parameter` of ``path``, in order, each
    /// percent-encoded: `BlogScene.link(5)` is `/blogs/5`. The one way to build a link to a
    /// page, in Swift and (through the values an app hands its templates) in templates, so a
    /// scene's address is written once, in its ``path``. A missing value leaves its segment
    /// empty.
    public static func link(_ values: any CustomStringConvertible...) -> String { filled(values, path: path) }

    /// ``link(_:)`` for the common case of one id (`UserScene.link(user.id)`), without boxing
    /// it: lists build one or two such links per row.
    package static func link(_ id: Int64) -> String {
        let around = SceneLinkPatterns.shared.around(Self.self)
        guard let after = around.after else { return around.before }  // no parameter: the id is dropped
        return around.before + String(id) + after
    }

    /// The URL of `action` in this scene, its parameters (the scene's, then the action's own)
    /// filled with `values` in order: `SignInScene.link(to: SignInFormComponent.signOut)` is
    /// `/signin/signout`. The action is a typed value (``Action``), so a misspelt one does not
    /// compile; one whose component this scene's ``composition`` does not hold has no route
    /// here (``links(to:)`` tells).
    public static func link<C: Component>(to action: Action<C>, _ values: any CustomStringConvertible...) -> String {
        filled(values, path: Site.join(path, action.path))
    }

    /// Whether this scene mounts `action`: its ``composition`` holds a component of its type
    /// (or one whose children are).
    public static func links<C: Component>(to action: Action<C>) -> Bool {
        componentTypes.contains { ObjectIdentifier($0) == ObjectIdentifier(C.self) }
    }

    /// `path` with its parameters filled with `values`, in order.
    private static func filled(_ values: [any CustomStringConvertible], path: String) -> String {
        if values.isEmpty, isPlain(path) { return path }  // navigation links: nothing to fill
        var remaining = values.makeIterator()
        return fill(path) { _ in remaining.next().map { String(describing: $0) } ?? "" }
    }

    /// Whether `path` is already what ``fill(_:_:)`` would make of it: `/`, or `/`-separated
    /// segments with no parameter, no empty segment and no trailing slash.
    private static func isPlain(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: ":") || (byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/")) { return false }
            if previous == 0 && byte != UInt8(ascii: "/") { return false }
            previous = byte
        }
        return path == "/" || (previous != 0 && previous != UInt8(ascii: "/"))
    }

    /// ``link(_:)``'s text before and after the id, filled once per scene type: `path` with its
    /// first parameter marked and the others empty, split at the mark (`after` is nil when
    /// the path has no parameter: the whole link is `before`).
    static func oneIDLink() -> (before: String, after: String?) {
        let mark = "tessera-id-mark-1f7c"  // unreserved characters: filled as is
        var filledOne = false
        let marked = fill(path) { _ in
            defer { filledOne = true }
            return filledOne ? "" : mark
        }
        guard let range = marked.range(of: mark) else { return (marked, nil) }
        return (String(marked[..<range.lowerBound]), String(marked[range.upperBound...]))
    }

    /// `path` with each `:parameter` segment replaced by `value(parameter)`, percent-encoded;
    /// repeated slashes fold into one. One pass over the path's bytes.
    static func fill(_ path: String, _ value: (String) -> String) -> String {
        let (slash, colon) = (UInt8(ascii: "/"), UInt8(ascii: ":"))
        var path = path
        return path.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            var index = 0
            while index < bytes.count {
                guard bytes[index] != slash else {
                    index += 1
                    continue
                }
                var end = index
                while end < bytes.count, bytes[end] != slash { end += 1 }
                result.append(slash)
                if bytes[index] == colon {
                    // Cut at ASCII bytes, so each part is whole UTF-8.
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
                    result.append(contentsOf: URLQuery.escape(value(name)).utf8)
                } else {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                }
                index = end
            }
            return result.isEmpty ? "/" : String(decoding: result, as: UTF8.self)
        }
    }
}
