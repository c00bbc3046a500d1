import Tessera

// MARK: - Action lifecycle fixtures

/// `/vaults/:id`: a page only vault 1 may show. Its ``loadData(_:)`` is its access check (any
/// other id is a 404), so the tests can see it protect every action, once, before the handler.
/// Each component's maker logs "<name>.make", so the tests see when components are made anew.
final class VaultScene: Scene {
    override class var path: String { "/vaults/:id" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] {
        [
            slot("counter") { _, _ in
                HookLog.shared.add("counter.make")
                return CounterComponent()
            },
            slot("echo") { _, _ in
                HookLog.shared.add("echo.make")
                return EchoComponent()
            },
        ]
    }
    override class var template: String? { "Scenes/Vault" }

    private var vaultID: Int64 = 0

    override func parseParameters(_ scope: RequestScope) throws {
        HookLog.shared.add("parseParameters")
        vaultID = try scope.path.id("id")
    }

    override func loadData(_ scope: RequestScope) async throws {
        HookLog.shared.add("loadData")
        guard vaultID == 1 else { throw RequestError.notFound() }
    }
}

/// Shows a value its `load` reads as "loaded"; its `set` action shows the value from the form
/// instead of loading, `bump` also asks for the echo to be sent along, `refused` refuses the
/// input keeping it, and `reset` has the component load again.
@Component
struct CounterComponent {
    static var template: String? { "Components/Counter" }
    static let set = Action("set", CounterComponent.set)
    static let bump = Action("bump", CounterComponent.bump)
    static let refused = Action("refused", CounterComponent.refused)
    static let reset = Action("reset", CounterComponent.reset)

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        HookLog.shared.add("counter.load")
        return Model(value: "loaded")
    }

    /// The value shown.
    struct Model: TemplateModel {
        let value: String
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("value") { $0.value }]
    }

    func set(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        HookLog.shared.add("handler")
        return .showing(Model(value: "set to " + (context.form["value"] ?? "")))
    }

    func bump(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        HookLog.shared.add("handler")
        return .showing(Model(value: "bumped")).updating(EchoComponent.self)
    }

    func refused(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        HookLog.shared.add("handler")
        return .invalid(Model(value: "kept: " + (context.form["value"] ?? "")))
    }

    func reset(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        HookLog.shared.add("handler")
        return .done
    }
}

/// Shows "echo loaded" once loaded.
struct EchoComponent: Component {
    static var template: String? { "Components/Echo" }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        HookLog.shared.add("echo.load")
        return Model(text: "echo loaded")
    }

    /// The text shown.
    struct Model: TemplateModel {
        let text: String
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("text") { $0.text }]
    }
}

/// The vault's templates, on top of ``FixtureTemplates/all``.
enum VaultTemplates {
    static let all = FixtureTemplates.all.merging([
        "Scenes/Vault": "<main>{{components.counter}}<aside>{{components.echo}}</aside></main>",
        "Components/Counter": "<p>{{value}}</p>",
        "Components/Echo": "<p>{{text}}</p>",
    ]) { $1 }
}
