// MARK: - ScenePlan

/// A scene's declarations, read once: its path, its composition, the component types it holds
/// (children included), and the routes they answer. The router, `tessera routes`, the route
/// checks and the pipeline all read this one value.
struct ScenePlan: Sendable {
    /// The scene.
    let sceneType: Scene.Type
    /// Its page's path (``Scene/path``).
    let path: String
    /// Who may use it (``Scene/policy``); nil only for a scene start-up refuses.
    let policy: Policy?
    /// Its ``Scene/composition``.
    let composition: [ComponentSlot]
    /// The app's ``TesseraApp/layoutComposition``: placed in its layout, answered under its path.
    let layoutComposition: [ComponentSlot]
    /// Every component type it may show, layout slots' and children included, each once.
    let componentTypes: [any Component.Type]
    /// Every action those types declare, at its path in this scene.
    let actions: [PlannedAction]
    /// Whether its routes are outside the session group (no session, no CSRF token).
    let isStateless: Bool

    /// One action route: the component type, its entry, and its full path.
    struct PlannedAction: Sendable {
        let componentType: any Component.Type
        let entry: ActionEntry
        let path: String
    }

    /// The plan of `sceneType`, whose layout holds `layoutComposition`.
    init(_ sceneType: Scene.Type, stateless: Bool = false, layoutComposition: [ComponentSlot] = []) {
        self.init(sceneType, path: sceneType.path, policy: sceneType.policy, stateless: stateless, layoutComposition: layoutComposition)
    }

    /// The plan of `sceneType` mounted at `path` under `policy` rather than its own declarations:
    /// a scene Tessera mounts where the app says (the back office's).
    init(_ sceneType: Scene.Type, path: String, policy: Policy?, stateless: Bool = false, layoutComposition: [ComponentSlot] = []) {
        self.sceneType = sceneType
        self.path = path
        self.policy = policy
        composition = sceneType.composition
        self.layoutComposition = layoutComposition
        componentTypes = ComponentSlot.componentTypes(of: composition + layoutComposition)
        isStateless = stateless
        actions = componentTypes.flatMap { type in
            type.actionEntries.map { PlannedAction(componentType: type, entry: $0, path: Site.join(path, $0.path)) }
        }
    }

    // MARK: - Routes

    /// `<path>/_/:tessera_component`: any of its components' fragments.
    var fragmentPath: String { Site.join(path, "_/:" + RequestPipeline.componentParameter) }

    /// Its routes as `tessera routes` lists them: the page, the fragments, each action.
    var routes: [RouteTable.Route] {
        let name = String(describing: sceneType)
        return [
            RouteTable.Route(
                method: "GET", path: path, scene: name, component: nil, action: nil, stateless: isStateless, policy: policyWords(nil)),
            RouteTable.Route(
                method: "GET", path: fragmentPath, scene: name, component: "*", action: nil, stateless: isStateless,
                policy: policyWords(nil)),
        ]
            + actions.map {
                RouteTable.Route(
                    method: "POST", path: $0.path, scene: name, component: String(describing: $0.componentType), action: $0.entry.name,
                    stateless: isStateless, policy: policyWords($0.entry.policy))
            }
    }

    /// Who may use a route, in words: the scene's policy, and the action's when it has one (alone
    /// when the scene lets anyone in).
    private func policyWords(_ actionPolicy: Policy?) -> String {
        let scene = policy?.description ?? "none"
        guard let actionPolicy else { return scene }
        if case .anyone = policy?.rule { return actionPolicy.description }
        return "(\(scene)) and (\(actionPolicy))"
    }
}
