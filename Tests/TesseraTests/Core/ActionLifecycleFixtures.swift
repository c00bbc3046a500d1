import Tessera

// MARK: - Action lifecycle fixtures

/// `/vaults/:id`: a page only vault 1 may show. Its ``loadData(_:)`` is its access check (any
/// other id is a 404), so the tests can see it protect every action, once, before the handler.
final class VaultScene: Scene, @unchecked Sendable {
    override class var path: String { "/vaults/:id" }
    override class var composition: [ComponentSlot] { [counter, echo] }
    override class var template: String? { "Scenes/Vault" }

    static let counter = ComponentSlot("counter", CounterComponent.self)
    static let echo = ComponentSlot("echo", EchoComponent.self)

    private var vaultID: Int64 = 0

    override func parseParameters(_ scope: RequestScope) throws {
        HookLog.shared.add("parseParameters")
        vaultID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope) {
        HookLog.shared.add("configureComponents")
        add(CounterComponent(id: Self.counter.id))
        add(EchoComponent(id: Self.echo.id))
    }

    override func loadData(_ scope: RequestScope) async throws {
        HookLog.shared.add("loadData")
        guard vaultID == 1 else { throw RequestError.notFound() }
    }
}

/// Shows a value its `load` reads as "loaded"; its `set` action sets it from the form, and
/// `bump` also asks for the echo to be sent along.
final class CounterComponent: Component<CounterComponent.Model>, @unchecked Sendable {
    override class var template: String? { "Components/Counter" }
    static let set = Action("set", CounterComponent.set)
    static let bump = Action("bump", CounterComponent.bump)
    static let refused = Action("refused", CounterComponent.refused)
    override class var actions: ActionTable { ActionTable().on(set).on(bump).on(refused) }

    private var value = ""

    override func load(_ scope: RequestScope) async throws {
        HookLog.shared.add("counter.load")
        value = "loaded"
    }

    override func viewModel() -> Model { Model(value: value) }

    /// The value shown.
    struct Model: TemplateModel {
        let value: String
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("value") { $0.value }]
    }

    func set(_ context: ActionContext) async throws -> ActionResult {
        HookLog.shared.add("handler")
        value = "set to " + (context.form["value"] ?? "")
        return .done
    }

    func bump(_ context: ActionContext) async throws -> ActionResult {
        HookLog.shared.add("handler")
        value = "bumped"
        return ActionResult.done.updating(EchoComponent.self)
    }

    func refused(_ context: ActionContext) async throws -> ActionResult {
        HookLog.shared.add("handler")
        value = "kept: " + (context.form["value"] ?? "")
        return .invalid
    }
}

/// Shows "echo loaded" once loaded.
final class EchoComponent: Component<EchoComponent.Model>, @unchecked Sendable {
    override class var template: String? { "Components/Echo" }
    private var text = "not loaded"

    override func load(_ scope: RequestScope) async throws {
        HookLog.shared.add("echo.load")
        text = "echo loaded"
    }

    override func viewModel() -> Model { Model(text: text) }

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
