import Foundation
import HTTPTypes
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL
@testable import TesseraTemplates

/// Policies guard a scene's page and everything it holds, on the one pipeline: the scene's own
/// (anyone, signed in, a role, the owner of the record it loaded) and an action's narrowing it,
/// for a visitor, the author, another member and an admin; on SQLite and PostgreSQL, two
/// processes on one database, with requests at once. A refused request changes nothing.
@Suite("Policies decide who sees and does what", .serialized)
struct PolicyTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Notebook")

    /// The viewers: a visitor, alice (note 1's author), bob (another member) and carol (an admin).
    private struct Viewers {
        let visitor, alice, bob, carol: TestSession

        init(_ client: TestClient) async throws {
            visitor = try await client.visit("/notes")
            alice = try await client.signIn(at: "/signin", [("username", "alice"), ("password", NotebookApp.password)])
            bob = try await client.signIn(at: "/signin", [("username", "bob"), ("password", NotebookApp.password)])
            carol = try await client.signIn(at: "/signin", [("username", "carol"), ("password", NotebookApp.password)])
        }

        var all: [(name: String, session: TestSession)] { [("visitor", visitor), ("alice", alice), ("bob", bob), ("carol", carol)] }
    }

    /// What a refused request must leave as it was: the notes, as one string.
    private static func notes(_ app: TestApp<NotebookApp>) async throws -> String {
        try await app.site.database.read { db in
            try await db.fetchAll("SELECT id, authorID, body, published FROM note ORDER BY id") { row in
                "\(try row[0] as Int64):\(try row[1] as Int64):\(try row[2] as String):\(try row[3] as Bool)"
            }
        }.joined(separator: "|")
    }

    // MARK: - Who sees what

    @Test("pages and fragments answer each viewer by the scene's policy, and a visitor is asked to sign in")
    func pagesAndFragments() async throws {
        try await TestApp<NotebookApp>.onTwoProcesses(root: Self.root) { first, _ in
            try await first.test(keepingFiles: true) { client in
                let viewers = try await Viewers(client)
                // Expected status per viewer: visitor, alice, bob, carol.
                let expected: [(String, Bool, [Int])] = [
                    ("/notes", false, [200, 200, 200, 200]),
                    ("/notes/_/notes", true, [200, 200, 200, 200]),
                    ("/notes/1/edit", false, [303, 200, 404, 200]),
                    ("/notes/1/edit/_/note-form", true, [403, 200, 404, 200]),
                    ("/notes/999/edit", false, [303, 404, 404, 404]),
                    ("/admin", false, [303, 403, 403, 200]),
                    ("/admin/_/admin", true, [403, 403, 403, 200]),
                ]
                for (url, fragment, statuses) in expected {
                    for (viewer, status) in zip(viewers.all, statuses) {
                        let response = try await client.get(url, as: viewer.session, fragment: fragment)
                        #expect(Int(response.status.code) == status, "\(viewer.name) GET \(url): \(response.status)")
                    }
                }
                let signIn = try await client.get("/notes/1/edit", as: viewers.visitor)
                #expect(signIn.headers[.location] == "/signin?next=%2Fnotes%2F1%2Fedit")
                let admin = try await client.get("/admin", as: viewers.carol)
                #expect(admin.select("p.admin").count == 1, "the admin page's component asked hasRole(.admin)")
            }
        }
    }

    // MARK: - Who does what

    @Test("actions inherit the scene's policy and narrow it; a refused one changes nothing")
    func actions() async throws {
        try await TestApp<NotebookApp>.onTwoProcesses(root: Self.root) { first, _ in
            try await first.test(keepingFiles: true) { client in
                let viewers = try await Viewers(client)
                // Expected status per viewer (visitor, alice, bob, carol) for each action, each
                // allowed one last so the note is still there for the others.
                let refusals: [(String, [(TestSession, Int)])] = [
                    ("/notes/add", [(viewers.visitor, 403)]),
                    ("/notes/1/edit", [(viewers.visitor, 403), (viewers.bob, 404)]),
                    ("/notes/1/edit/delete", [(viewers.visitor, 403), (viewers.alice, 403), (viewers.bob, 404)]),
                    ("/notes/1/edit/publish", [(viewers.visitor, 403), (viewers.bob, 404), (viewers.carol, 404)]),
                ]
                for (url, refused) in refusals {
                    for (session, status) in refused {
                        let before = try await Self.notes(first)
                        let response = try await client.post(url, [], as: session)
                        #expect(Int(response.status.code) == status, "POST \(url): \(response.status)")
                        #expect(try await Self.notes(first) == before, "a refused POST \(url) changed the notes")
                    }
                }
                #expect(try await client.post("/notes/add", [], as: viewers.bob).status == .seeOther)
                #expect(try await client.post("/notes/1/edit", [], as: viewers.carol).status == .seeOther)
                #expect(try await client.post("/notes/1/edit/publish", [], as: viewers.alice).status == .seeOther)
                #expect(try await Self.notes(first) == "1:1:First note!:true|2:2:Added:false")
                #expect(try await client.post("/notes/1/edit/delete", [], as: viewers.carol).status == .seeOther)
                #expect(try await Self.notes(first) == "2:2:Added:false")
            }
        }
    }

    // MARK: - Across processes and at once

    @Test("a revoked role refuses at once on another process, for requests sent together")
    func revocationAcrossProcesses() async throws {
        try await TestApp<NotebookApp>.onTwoProcesses(root: Self.root) { first, second in
            try await first.test(keepingFiles: true) { one in
                try await second.test(keepingFiles: true) { two in
                    let carol = try await one.signIn(at: "/signin", [("username", "carol"), ("password", NotebookApp.password)])
                    #expect(try await two.get("/admin", as: carol).status == .ok)
                    #expect(try await MemberRoles(database: first.site.database).revoke(.admin, from: 3))
                    let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                        for number in 0..<12 {
                            let client = number % 2 == 0 ? one : two
                            group.addTask {
                                number % 3 == 0
                                    ? try await client.get("/admin", as: carol).status
                                    : try await client.post("/notes/1/edit/delete", [], as: carol).status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(statuses.allSatisfy { $0 == .forbidden || $0 == .notFound }, "\(statuses)")
                    #expect(try await Self.notes(second) == "1:1:First note:false")
                    try await MemberRoles(database: second.site.database).grant(.admin, to: 3)
                    #expect(try await one.get("/admin", as: carol).status == .ok)
                }
            }
        }
    }

    // MARK: - Start-up

    @Test("a scene without a policy stops start-up, naming the scene and where it is declared")
    func missingPolicyStopsStartUp() async throws {
        let problems = PolicyStartupCheck.problems(of: UnguardedScene.self)
        #expect(problems.count == 1)
        #expect(problems.first?.type == "UnguardedScene")
        #expect(problems.first?.message.hasPrefix("declares no policy") == true)
        let folder = try AppFolder(templates: [:], sources: ["Pages/Unguarded.swift": "import Tessera\n\nfinal class UnguardedScene: Scene {}\n"])
        defer { folder.remove() }
        let placed = TypeLocator.locate(problems, sources: folder.root.appendingPathComponent("Sources").path)
        #expect(placed.first?.file?.hasSuffix("Sources/Pages/Unguarded.swift:3") == true, "\(placed)")
        await #expect(throws: StartupErrors.self) { _ = try await TestApp<UnguardedApp>(root: Self.root) }
    }

    @Test("an owner rule reading a subject its scene never has, or a bad role name, stops start-up")
    func misreadPoliciesStopStartUp() {
        let problems = PolicyStartupCheck.problems(of: MisreadScene.self).map(\.description)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("MisreadScene: its policy's owner rule reads a NotebookEditScene") })
        #expect(problems.contains { $0.contains("names the role 'Boss'") })
    }

    @Test("tessera routes prints each route's policy")
    func routesListPolicies() {
        let table = RouteTable(scenes: NotebookApp().scenes).description
        let lines = table.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("GET  /admin ") && $0.contains("role admin") })
        #expect(lines.contains { $0.hasPrefix("POST /notes/:id/edit/delete ") && $0.contains("(owner (NotebookEditScene) or role admin) and (role admin)") })
        #expect(lines.contains { $0.hasPrefix("POST /notes/add ") && $0.contains("signed in") && !$0.contains("anyone") })
    }
}

// MARK: - Scenes start-up refuses

/// A scene that says nothing about who may use it.
final class UnguardedScene: Scene {
    override class var path: String { "/unguarded" }
    override class var rendersComponentsInOrder: Bool { true }
}

/// An app holding it.
struct UnguardedApp: TesseraApp {
    var name: String { "Unguarded" }
    var scenes: [Scene.Type] { [UnguardedScene.self] }
}

/// A scene whose owner rule reads another scene, and whose role is no role's name.
final class MisreadScene: Scene {
    override class var path: String { "/misread" }
    override class var policy: Policy? { .owner { (scene: NotebookEditScene) in scene.note?.authorID } || .role("Boss") }
    override class var rendersComponentsInOrder: Bool { true }
}
