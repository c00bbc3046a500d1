import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Fixtures

/// A page at `/books/:id`.
final class BookPageScene: Scene {
    override class var path: String { "/books/:id" }
    override class var policy: Policy? { .anyone }
    override class var template: String? { "Books/Page" }
}

/// A shelf whose action, copied from a guide, names the same parameter `item`.
@Component
struct FinishComponent {
    typealias Model = EmptyModel
    static var template: String? { "Books/Finish" }
    static let finish = Action("finish", path: ":item/finish", FinishComponent.finish)
    func finish(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> { .done }
}

/// The scene holding the shelf, at `/books`, with no template of its own.
final class ShelfPageScene: Scene {
    override class var path: String { "/books" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("shelf") { _, _ in FinishComponent() }] }
}

/// A reading room whose template is found by its name, `Views/**/ReadingRoomScene.mustache`.
final class ReadingRoomScene: Scene {
    override class var path: String { "/room" }
    override class var policy: Policy? { .anyone }
}

/// A scene that forgot its path.
final class PathlessScene: Scene {}

/// Apps made of those scenes.
struct MembersKeptApp: TesseraApp {
    var scenes: [Scene.Type] { [MembersOnlyKeptScene.self] }
}

struct ClashingApp: TesseraApp {
    var scenes: [Scene.Type] { [BookPageScene.self, ShelfPageScene.self] }
}

struct PathlessApp: TesseraApp {
    var scenes: [Scene.Type] { [PathlessScene.self] }
}

struct ShelfApp: TesseraApp {
    var scenes: [Scene.Type] { [ShelfPageScene.self] }
}

struct ReadingRoomApp: TesseraApp {
    var scenes: [Scene.Type] { [ReadingRoomScene.self] }
}

struct BookPageApp: TesseraApp {
    var name: String { "Book Club" }
    var scenes: [Scene.Type] { [BookPageScene.self] }
}

// MARK: - Tests

/// Traps become clear start-up errors naming the Swift type: a template a type renders but
/// `Views/` lacks, clashing routes, a missing declaration.
@Suite("Start-up checks")
struct StartupCheckTests {
    @Test("a template a scene names but Views/ lacks stops start-up, naming the type")
    func missingSceneTemplate() throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try BookPageApp().check(folder.configuration) }
        #expect(error.problems.count == 1)
        #expect(
            error.description
                == "BookPageScene: names template 'Books/Page', which does not exist (expected Views/Books/Page.mustache)")
    }

    @Test("a scene's template found by its name and then deleted stops start-up, naming the type and the file it expects")
    func deletedSceneTemplate() throws {
        let present = try AppFolder(templates: ["Rooms/ReadingRoomScene": "<h1>Reading room</h1>"])
        defer { present.remove() }
        _ = try ReadingRoomApp().check(present.configuration)

        let deleted = try AppFolder(templates: [:])
        defer { deleted.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try ReadingRoomApp().check(deleted.configuration) }
        #expect(
            error.description
                == "ReadingRoomScene: has no template (expected Views/**/ReadingRoomScene.mustache); a scene that shows its components one after another declares `rendersComponentsInOrder`")
    }

    @Test("a component's template that Views/ lacks stops start-up, naming the type, with no sources at hand")
    func missingComponentTemplate() throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try ShelfApp().check(folder.configuration) }
        #expect(error.problems.map(\.description) == ["FinishComponent: has no template (expected Views/Books/Finish.mustache)"])
    }

    @Test("clashing routes are an error naming both routes and types, not Hummingbird's crash, said once")
    func clashingRoutes() throws {
        let folder = try AppFolder(templates: ["Books/Page": "<p>book</p>", "Books/Finish": "<p>finish</p>"])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try ClashingApp().check(folder.configuration) }
        #expect(error.problems.count == 1, "the page's fragment route parts at the same place: not a second problem")
        #expect(
            error.problems.first?.description
                == "FinishComponent: route POST /books/:item/finish (FinishComponent.finish in ShelfPageScene) clashes with GET /books/:id (BookPageScene): the same place holds parameter 'id' in one and 'item' in the other; give them one name")
    }

    @Test("the same route twice is a clash; a literal beside a parameter is not")
    func duplicateRoutes() {
        let page = RouteTable.Route(method: "GET", path: "/books/:id", scene: "A", component: nil, action: nil, stateless: false, policy: "anyone")
        let same = RouteTable.Route(method: "GET", path: "/books/:id", scene: "B", component: nil, action: nil, stateless: false, policy: "anyone")
        let post = RouteTable.Route(method: "POST", path: "/books/:id", scene: "B", component: nil, action: nil, stateless: false, policy: "anyone")
        let literal = RouteTable.Route(method: "GET", path: "/books/new", scene: "C", component: nil, action: nil, stateless: false, policy: "anyone")
        #expect(RouteTable.clash(page, same) == "both answer GET /books/:id")
        #expect(RouteTable.clash(page, post) == nil)
        #expect(RouteTable.clash(page, literal) == nil)
    }

    @Test("a scene without a path is an error, not a fatalError")
    func sceneWithoutPath() throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try PathlessApp().check(folder.configuration) }
        #expect(error.problems.first?.description == "PathlessScene: does not declare its path (override `class var path`)")
    }

    @Test("a members-only scene that reuses visitors' pages is an error")
    func membersOnlySceneReusingVisitorPages() throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try MembersKeptApp().check(folder.configuration) }
        #expect(
            error.problems.map(\.description) == [
                "MembersOnlyKeptScene: lets only some members in (policy signed in), so it has no visitors' pages to reuse (remove `reusesVisitorPages`)"
            ])
    }

    @Test("routes lists every route with its policy, scene, component and action")
    func routeListing() {
        let table = RouteTable(scenes: [ShelfPageScene.self])
        #expect(
            table.description.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") } == [
                "GET /books anyone ShelfPageScene",
                "GET /books/_/:tessera_component anyone ShelfPageScene (a component's fragment)",
                "POST /books/:item/finish anyone ShelfPageScene FinishComponent.finish",
            ])
    }
}

/// A database setting Tessera cannot use is refused before anything is created.
@Suite("Database setting")
struct DatabaseSettingTests {
    @Test("a PostgreSQL URL that names no database or a bad option stops start-up, and no file named after it is made", arguments: [
        "postgres://tessera:secret@127.0.0.1:5432", "postgresql://localhost/tessera?pool=1", "POSTGRES://x/y?sslmode=maybe",
        "postgres:///tessera",
    ])
    func badPostgresURLIsRefused(_ url: String) async throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        var configuration = folder.configuration
        configuration.databasePath = url
        await #expect {
            _ = try await ShelfApp().openDatabase(configuration)
        } throws: { error in
            error is StartupErrors && "\(error)".contains("database URL") && !"\(error)".contains("secret")
        }
        #expect(!FileManager.default.fileExists(atPath: url))
        #expect(!FileManager.default.fileExists(atPath: url.split(separator: "/").first.map(String.init) ?? url))
    }

    @Test("a PostgreSQL server that cannot be reached stops start-up with the reason, not a wait for ever")
    func unreachableServerStopsStartUp() async throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        var configuration = folder.configuration
        configuration.databasePath = "postgres://tessera:secret@127.0.0.1:1/tessera"
        await #expect {
            _ = try await ShelfApp().openDatabase(configuration)
        } throws: { error in
            "\(error)".contains("cannot open the PostgreSQL database postgres://tessera@127.0.0.1:1/tessera")
                && "\(error)".contains("refused") && !"\(error)".contains("secret")
        }
    }

    @Test("a PostgreSQL URL is read with its options, and printed without its password")
    func postgresURLIsParsed() throws {
        let location = try DatabaseLocation("postgresql://ada:s%40cret@db.internal:6543/community?pool=4&sslmode=require&lock_timeout=2s")
        guard case .postgres(let server) = location else {
            Issue.record("not PostgreSQL: \(location)")
            return
        }
        #expect(server.host == "db.internal" && server.port == 6543 && server.database == "community")
        #expect(server.username == "ada" && server.password == "s@cret")
        #expect(server.poolSize == 4 && server.tlsMode == "require")
        #expect(server.settings.map { "\($0)=\($1)" } == ["statement_timeout=30s", "lock_timeout=2s"])
        #expect("\(location)" == "postgres://ada@db.internal:6543/community")
        #expect(try DatabaseLocation("data/app.sqlite") == .sqlite(path: "data/app.sqlite"))
    }

    @Test("a PostgreSQL URL whose host item is a folder names the server's Unix socket, as libpq reads it")
    func postgresSocketURLIsParsed() throws {
        guard case .postgres(let socket) = try DatabaseLocation("postgres://ada@/community?host=/var/run/postgresql&port=6543&pool=4")
        else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(socket.socketFolder == "/var/run/postgresql" && socket.host.isEmpty && socket.port == 6543 && socket.poolSize == 4)
        #expect(socket.socketPath == "/var/run/postgresql/.s.PGSQL.6543")
        #expect(socket.settings.map(\.0) == ["statement_timeout"])
        #expect("\(socket)" == "postgres://ada@/community?host=/var/run/postgresql&port=6543")
        guard case .postgres(let named) = try DatabaseLocation("postgresql://ada@:7000/community?host=db.internal") else {
            Issue.record("not PostgreSQL")
            return
        }
        #expect(named.socketFolder == nil && named.host == "db.internal" && named.port == 7000)
        #expect(throws: PostgresLocation.Invalid.self) { try DatabaseLocation("postgres://ada@/community") }
        #expect(throws: PostgresLocation.Invalid.self) { try DatabaseLocation("postgres://ada@/community?host=/tmp&port=0") }
    }
}

/// A component with a form field named `name`: it compiles, and its `data-component` is still
/// the type's.
struct NameFieldComponent: Component {
    typealias Model = EmptyModel
    static let name = TextField("name", maxScalars: 60)
}

@Suite("Component names")
struct ComponentNameTests {
    @Test("a component may declare its own `static let name`; data-component still comes from the type")
    func ownNameDoesNotCollide() {
        #expect(NameFieldComponent.name.name == "name")
        #expect(NameFieldComponent.componentName == "name-field")
    }

    @Test("routes lists the routes serving stored files, with who may read them")
    func fileRouteListing() {
        let table = RouteTable(
            plans: [ScenePlan(ShelfPageScene.self)],
            fileRoutes: [FileRoute("/avatars", access: .everyone), FileRoute("/uploads", access: .decided { _ in false })])
        let lines = table.description.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.suffix(2) == ["GET /avatars/:name anyone (stored files)", "GET /uploads/:name decided per file (stored files)"])
    }
}
