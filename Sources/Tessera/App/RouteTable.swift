// MARK: - RouteTable

/// Every route an app's scenes mount, from their declarations alone: what `tessera routes`
/// prints, and what start-up checks for clashes before any route reaches Hummingbird.
public struct RouteTable: Sendable, CustomStringConvertible {
    /// One route.
    public struct Route: Sendable, Equatable {
        /// `GET` or `POST`.
        public let method: String
        /// The path pattern, such as `/books/:id`.
        public let path: String
        /// The scene that answers it.
        let scene: String
        /// The component whose action or fragment it is, or nil for the page (`*` for any
        /// component's fragment).
        let component: String?
        /// The action's name, for `POST` routes.
        let action: String?
        /// Whether it is served without sessions.
        let stateless: Bool
        /// Who may use it, in words (``Policy``): the scene's, and the action's own.
        let policy: String
    }

    /// The routes, in mounting order: stateless scenes, then the scenes with sessions.
    public let routes: [Route]

    /// The routes of `scenes` (with sessions) and `statelessScenes`.
    public init(scenes: [Scene.Type], statelessScenes: [Scene.Type] = []) {
        self.init(plans: Self.plans(scenes: scenes, statelessScenes: statelessScenes))
    }

    /// The routes of `plans`, in order, then those serving `fileRoutes`' stored files.
    init(plans: [ScenePlan], fileRoutes: [FileRoute] = []) {
        routes = plans.flatMap(\.routes) + fileRoutes.map(\.route)
    }

    /// The plans of an app's scenes, whose layout holds `layoutComposition`: the stateless ones
    /// first, as they are mounted.
    static func plans(scenes: [Scene.Type], statelessScenes: [Scene.Type], layoutComposition: [ComponentSlot] = []) -> [ScenePlan] {
        statelessScenes.map { ScenePlan($0, stateless: true, layoutComposition: layoutComposition) }
            + scenes.map { ScenePlan($0, layoutComposition: layoutComposition) }
    }

    // MARK: - Problems

    /// Everything wrong with the scenes' routes and compositions, each naming the Swift types
    /// an action path that is absolute, a slot id
    /// declared twice in one scene, and every clash (``clashes()``).
    static func problems(scenes: [Scene.Type], statelessScenes: [Scene.Type] = []) -> [StartupProblem] {
        problems(plans: plans(scenes: scenes, statelessScenes: statelessScenes))
    }

    /// ``problems(scenes:statelessScenes:)`` of `plans`.
    static func problems(plans: [ScenePlan]) -> [StartupProblem] {
        var problems: [StartupProblem] = []
        var reported: Set<String> = []
        for plan in plans {
            let sceneName = String(describing: plan.sceneType)
            for action in plan.actions where action.entry.path.hasPrefix("/") {
                let name = String(describing: action.componentType)
                guard reported.insert(name + "." + action.entry.name).inserted else { continue }
                problems.append(
                    StartupProblem(
                        file: nil, type: name,
                        message: "action '\(action.entry.name)' has the absolute path '\(action.entry.path)'; action paths are relative "
                            + "to the scene holding the component (\(sceneName) is at \(plan.path))"))
            }
            var ids: Set<String> = []
            for slot in plan.composition where !ids.insert(slot.id).inserted {
                problems.append(
                    StartupProblem(
                        file: nil, type: sceneName,
                        message: "its composition declares the component id '\(slot.id)' twice"))
            }
            for slot in plan.layoutComposition where !ids.insert(slot.id).inserted {
                problems.append(
                    StartupProblem(
                        file: nil, type: sceneName,
                        message: "the component id '\(slot.id)' is declared by its composition and by the app's layout composition, "
                            + "or twice by the latter"))
            }
        }
        guard problems.isEmpty else { return problems }
        return RouteTable(plans: plans).clashes()
    }

    // MARK: - Clashes

    /// Pairs of routes Hummingbird could not hold together: the same method and path twice, or
    /// a parameter named differently at the same place (`/books/:id` and `/books/:item/finish`).
    /// Each problem names both routes and their Swift types. One mistake is reported once: the
    /// other routes of the same two scenes that clash at the same place (a page's fragment
    /// route beside the page, its actions) are not listed again.
    func clashes() -> [StartupProblem] {
        var problems: [StartupProblem] = []
        var reported: Set<[String]> = []
        for (index, first) in routes.enumerated() {
            for second in routes[(index + 1)...] {
                guard let clash = Self.clashAndPlace(first, second) else { continue }
                guard reported.insert([first.scene, second.scene, clash.place]).inserted else { continue }
                let owner = second.component.flatMap { $0 == "*" ? nil : $0 } ?? second.scene
                problems.append(
                    StartupProblem(
                        file: nil, type: owner,
                        message: "route \(Self.describe(second)) clashes with \(Self.describe(first)): \(clash.reason)"))
            }
        }
        return problems
    }

    /// Why `a` and `b` clash, or nil.
    static func clash(_ a: Route, _ b: Route) -> String? {
        clashAndPlace(a, b)?.reason
    }

    /// Why `a` and `b` clash, and where: the path up to the segment where they part, or the
    /// whole path when both answer it.
    private static func clashAndPlace(_ a: Route, _ b: Route) -> (reason: String, place: String)? {
        let left = segments(a.path)
        let right = segments(b.path)
        for (position, (x, y)) in zip(left, right).enumerated() {
            let xParameter = x.hasPrefix(":")
            let yParameter = y.hasPrefix(":")
            if xParameter, yParameter, x != y {
                let place = left.prefix(position + 1).joined(separator: "/") + " " + right.prefix(position + 1).joined(separator: "/")
                return ("the same place holds parameter '\(x.dropFirst())' in one and '\(y.dropFirst())' in the other; "
                    + "give them one name", place)
            }
            if x != y { return nil }
        }
        guard left.count == right.count, a.method == b.method else { return nil }
        return ("both answer \(a.method) \(a.path)", a.method + " " + a.path)
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func describe(_ route: Route) -> String {
        var owner = route.scene
        if let component = route.component, component != "*" { owner = component + "." + (route.action ?? "") + " in " + owner }
        return "\(route.method) \(route.path) (\(owner))"
    }

    // MARK: - Listing

    /// One route a line: method, path, who may use it, scene, then the component and action
    /// (`tessera routes`).
    public var description: String {
        let pathWidth = routes.map(\.path.count).max() ?? 0
        let policyWidth = routes.map(\.policy.count).max() ?? 0
        return routes.map { route in
            var line = route.method.padding(toLength: 5, withPad: " ", startingAt: 0)
                + route.path.padding(toLength: pathWidth + 2, withPad: " ", startingAt: 0)
                + route.policy.padding(toLength: policyWidth + 2, withPad: " ", startingAt: 0) + route.scene
            if route.component == "*" {
                line += "  (a component's fragment)"
            } else if let component = route.component {
                line += "  " + component + "." + (route.action ?? "")
            }
            if route.stateless { line += "  [no session]" }
            return line
        }.joined(separator: "\n")
    }
}
