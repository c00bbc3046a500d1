import Foundation
import HTTPTypes
import Testing
import TesseraTesting

@testable import Tessera

// MARK: - EditorsOfficeApp

/// ``BackOfficeApp``'s studio with its back office at `/office`, for editors: dave is one (and
/// carol, an admin, is not).
struct EditorsOfficeApp: TesseraApp {
    var name: String { "Studio office" }
    var scenes: [Scene.Type] { [StudioHomeScene.self] }
    var members: Members? { Members(table: MemberTable(email: nil)) }
    var backOffice: BackOffice? { BackOffice(Klass.self, Instructor.self, path: "/office", role: "editor") }

    func migrations(_ migrations: inout Migrations) { BackOfficeApp().migrations(&migrations) }

    func seed(_ db: SQLConnection) async throws {
        try await BackOfficeApp().seed(db)
        try await db.execute(
            "INSERT INTO member (username, displayName, passwordHash) VALUES (?, ?, ?)", ["dave", "Dave", Passwords.hash(BackOfficeApp.password)])
        try await MemberRoles.grant("editor", to: 3, in: db)
    }
}

// MARK: - Tests

/// Where the back office is mounted and whom it lets in are the app's to say: `/admin` and the
/// admin role unless it names others, and then only those.
@Suite("The back office is mounted where the app says, for the role it names (SQLite and PostgreSQL)", .serialized)
struct BackOfficePlacementTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Studio")

    private static func signIn(_ client: TestClient, _ name: String) async throws -> TestSession {
        try await client.signIn(at: "/signin", [("username", name), ("password", BackOfficeApp.password)])
    }

    /// Runs `body` with a new app on SQLite, then on a new PostgreSQL database when configured.
    private static func onBothDatabases(_ body: @Sendable (TestApp<EditorsOfficeApp>, TestClient) async throws -> Void) async throws {
        let app = try await TestApp<EditorsOfficeApp>(root: root)
        try await app.test { client in try await body(app, client) }
        try await TestDatabases.withNewPostgresDatabase { url in
            let app = try await TestApp<EditorsOfficeApp>(root: root) { $0.databasePath = url }
            defer { app.site.database.close() }
            try await app.test { client in try await body(app, client) }
        }
    }

    /// The classes' titles and the number of logged changes: what a refused request leaves as it was.
    private static func state(_ app: TestApp<EditorsOfficeApp>) async throws -> String {
        try await app.site.database.read { db in
            let titles = try await db.fetchAll("SELECT title FROM klass ORDER BY id") { row in try row[0] as String }
            let changes = try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM back_office_changes") ?? -1
            return titles.joined(separator: "|") + " changes:\(changes)"
        }
    }

    @Test("without a path or role named, the back office is at /admin for admins")
    func defaults() {
        let office = BackOffice(Klass.self)
        #expect(office.path == "/admin")
        #expect(office.role == .admin)
        let paths = office.plans(layoutComposition: []).map(\.path)
        #expect(paths == ["/admin", "/admin/:type", "/admin/:type/new", "/admin/:type/:id", "/admin/:type/:id/edit", "/admin/:type/:id/delete"])
        #expect(office.plans(layoutComposition: []).allSatisfy { $0.policy?.description == "role admin" })
    }

    @Test("an editor uses the back office at /office, its links and forms stay under it, and /admin is not served")
    func servedAtItsPath() async throws {
        try await Self.onBothDatabases { _, client in
            let dave = try await Self.signIn(client, "dave")
            let index = try await client.get("/office", as: dave)
            #expect(index.status == .ok)
            #expect(index.document.select(".back-office-types a").map { $0[attribute: "href"] } == ["/office/klass", "/office/instructor"])

            let list = try await client.get("/office/klass?q=yoga", as: dave)
            #expect(list.status == .ok)
            #expect(list.document.select("tbody tr th a").map { $0[attribute: "href"] } == ["/office/klass/\(BackOfficeApp.classCount)"])
            #expect(list.document.select("a[href='/office/klass/new']").count == 1)

            let form = try await client.get("/office/klass/new", as: dave)
            #expect(form.document.first("form.back-office-form")?[attribute: "action"] == "/office/klass/new")
            let created = try await client.submit(
                "form.back-office-form", on: form, [("title", "Pilates"), ("startsAt", "2026-12-08T09:30"), ("price", "15")], as: dave)
            let id = BackOfficeApp.classCount + 1
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/office/klass/\(id)")
            let page = try await client.get("/office/klass/\(id)", as: dave)
            #expect(page.document.first(".back-office-change")?[attribute: "data-action"] == "create")
            #expect(page.document.select("a[href='/office/klass/\(id)/edit']").count == 1)

            let confirm = try await client.get("/office/klass/\(id)/delete", as: dave)
            let deleted = try await client.submit("form.back-office-delete", on: confirm, as: dave)
            #expect(deleted.headers[.location] == "/office/klass")

            for page in ["/admin", "/admin/klass", "/admin/klass/1", "/admin/klass/new"] {
                #expect(try await client.get(page, as: dave).status == .notFound, "GET \(page)")
            }
            #expect(try await client.post("/admin/klass/1/delete", [], as: dave).status == .notFound)
        }
    }

    @Test("an admin without the named role gets 403 there, alone and many at once; a visitor is sent to sign in; nothing changes")
    func otherRolesRefused() async throws {
        try await Self.onBothDatabases { app, client in
            let visitor = try await client.visit("/")
            let carol = try await Self.signIn(client, "carol")
            let alice = try await Self.signIn(client, "alice")
            let signIn = try await client.get("/office/klass", as: visitor)
            #expect(signIn.status == .seeOther)
            #expect(signIn.headers[.location] == "/signin?next=%2Foffice%2Fklass")
            let before = try await Self.state(app)
            for (name, session) in [("carol", carol), ("alice", alice)] {
                for page in ["/office", "/office/klass", "/office/klass/1", "/office/klass/new", "/office/klass/1/edit", "/office/klass/1/delete"] {
                    #expect(try await client.get(page, as: session).status == .forbidden, "\(name) GET \(page)")
                }
                #expect(try await client.get("/office/klass/_/records", as: session, fragment: true).status == .forbidden)
                for url in ["/office/klass/new", "/office/klass/1/edit", "/office/klass/1/delete"] {
                    #expect(try await client.post(url, [("title", "Sneaked in")], as: session).status == .forbidden, "\(name) POST \(url)")
                }
            }
            #expect(try await client.post("/office/klass/1/delete", [], as: visitor).status == .forbidden)
            let together = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<24 {
                    let session = index.isMultiple(of: 2) ? carol : alice
                    group.addTask {
                        index.isMultiple(of: 3)
                            ? try await client.get("/office/klass/\(index % 5 + 1)", as: session).status
                            : try await client.post("/office/klass/\(index % 5 + 1)/delete", [], as: session).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(together.count == 24 && together.allSatisfy { $0 == .forbidden }, "at once: \(together)")
            #expect(try await Self.state(app) == before, "a refused request changed something")
        }
    }

    @Test("`tessera routes` lists the back office at its path with its role")
    func routesListIt() {
        let routes = RouteTable(plans: EditorsOfficeApp().plans).routes.filter { $0.path.hasPrefix("/office") }
        #expect(routes.filter { $0.method == "GET" }.map(\.path).contains("/office/:type/:id/edit"))
        #expect(routes.map(\.path).contains("/office/:type/:id/delete"), "the delete action's post")
        #expect(!routes.isEmpty && routes.allSatisfy { $0.policy == "role editor" })
        #expect(!RouteTable(plans: EditorsOfficeApp().plans).routes.contains { $0.path.hasPrefix("/admin") })
    }

    @Test("start-up refuses a back office path that is not one of its own, and a role that is not a name")
    func badPathOrRoleRefused() {
        for path in ["office", "/office/", "/", "/office/:id", "//office", ""] {
            #expect(BackOffice(Klass.self, path: path).problems.count == 1, "path \(path)")
        }
        #expect(BackOffice(Klass.self, role: "Editors!").problems.count == 1)
        #expect(BackOffice(Klass.self, path: "/studio/office", role: "editor").problems.isEmpty)
    }
}
