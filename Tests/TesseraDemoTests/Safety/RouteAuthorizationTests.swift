import Foundation
import HTTPTypes
import Tessera
import Testing
import TesseraTesting

@testable import TesseraDemo

/// Every URL a component answers — its fragment, a child's fragment, every action its forms post
/// to — answers a viewer exactly as the page holding it would: the owner, another member, an
/// admin (a member with the `admin` role, which no demo policy lets further) and a visitor, on records that are published, in the trash, private and missing. A fragment is
/// served only when the viewer's page shows that component; an action only when the viewer's page
/// holds that form, and a refused one is a 4xx that changes nothing.
@Suite("Every component URL is guarded like its page")
struct RouteAuthorizationTests {
    /// Demo's newest published post (on the feed's first page and the profile's), one of their
    /// posts in the trash, an id nothing has.
    static let published: Int64 = 67
    static let trashed: Int64 = 7
    static let missing: Int64 = 999_999

    /// The pages swept: each record-bearing route with each kind of record.
    static var pages: [String] {
        let records = [published, trashed, missing]
        return ["/", "/photos", "/trash", "/messages", "/messages/new", "/drafts/new", "/settings/security/password"]
            + records.flatMap { ["/blogs/\($0)", "/blogs/\($0)/edit", "/trash/\($0)/delete"] }
            + ["/users/1", "/users/1/edit", "/users/\(missing)", "/drafts/1/edit", "/drafts/\(missing)/edit"]
            + ["/messages/1", "/messages/2", "/messages/\(missing)", "/photos/1", "/photos/\(missing)"]
    }

    @Test("fragments, children and actions answer each viewer as their page does (SQLite)")
    func sqlite() async throws {
        let site = try await TestSite()
        try await site.test { client in try await Self.sweep(client, site) }
    }

    @Test("fragments, children and actions answer each viewer as their page does (PostgreSQL)")
    func postgres() async throws {
        try await TestSite.onPostgres { site in
            try await site.test { client in try await Self.sweep(client, site) }
        }
    }

    @Test("every action with bad ids or a bad component answers 4xx, never 500 (SQLite and PostgreSQL)")
    func badIDs() async throws {
        let site = try await TestSite()
        try await site.test { client in try await Self.badIDSweep(client, site) }
        try await TestSite.onPostgres { site in
            try await site.test { client in try await Self.badIDSweep(client, site) }
        }
    }

    // MARK: - The sweep

    /// One viewer: a name for messages, and their session (a visitor's too: a cookie and token).
    struct Viewer {
        let name: String
        let session: TestSession
    }

    static func sweep(_ client: TestClient, _ site: TestSite) async throws {
        let admin = try await signUp(client, username: "root")
        try await MemberRoles(database: site.site.database).grant(.admin, to: try #require(await memberID("root", site)))
        let viewers = [
            Viewer(name: "owner", session: try await client.signIn()),
            Viewer(name: "other member", session: try await signUp(client)),
            Viewer(name: "admin", session: admin),
            Viewer(name: "visitor", session: try await client.visit()),
        ]
        // What each viewer's page shows: its components (by id, with their fragment URLs) and its forms.
        var shown: [String: [String: ShownPage]] = [:]
        for page in pages {
            for viewer in viewers { shown[page, default: [:]][viewer.name] = try await ShownPage(client.get(page, as: viewer.session)) }
        }
        #expect(shown["/blogs/\(published)"]?["owner"]?.status == .ok)
        #expect(shown["/"]?["owner"]?.components.keys.contains("feed-like-\(published)") == true)

        var checkedFragments = 0
        var checkedActions = 0
        for page in pages {
            // Every component any viewer's page shows here, and the like buttons of the other records.
            var candidates: [String: String] = [:]
            for viewer in viewers { candidates.merge(shown[page]![viewer.name]!.components) { first, _ in first } }
            for (id, url) in candidates where id.hasSuffix("-like-\(published)") {
                for other in [trashed, missing] {
                    candidates[String(id.dropLast("\(published)".count)) + "\(other)"] = url.replacingOccurrences(
                        of: "-like-\(published)", with: "-like-\(other)")
                }
            }
            for viewer in viewers {
                let own = shown[page]![viewer.name]!
                for (id, url) in candidates {
                    let response = try await client.get(url, as: viewer.session, fragment: true)
                    let expected = own.status == .ok && own.components[id] != nil
                    #expect(response.status.code < 500, "\(viewer.name) GET \(url): \(response.status)")
                    #expect(
                        (response.status == .ok) == expected,
                        "\(viewer.name) GET \(url) answered \(response.status); its page \(page) \(expected ? "shows" : "does not show") \(id)")
                    checkedFragments += 1
                }
            }
            // Every form any viewer's page holds, posted by every viewer whose page holds neither it
            // nor the component it names (a like button showing "Unlike" is the same button). Signing
            // out is anyone's to post: it ends the sender's own session.
            var forms: [ShownPage.Form] = []
            for viewer in viewers { forms += shown[page]![viewer.name]!.forms.filter { form in !forms.contains(form) } }
            forms += forms.flatMap { $0.forOtherRecords(published, [trashed, missing]) }
            for form in forms where !form.action.hasSuffix("/signout") {
                for viewer in viewers where !shown[page]![viewer.name]!.holds(form) {
                    let before = try await fingerprint(site)
                    let response = try await client.post(form.action, form.fields.map { ($0.key, $0.value) }, as: viewer.session)
                    #expect(
                        (400..<500).contains(response.status.code),
                        "\(viewer.name) POST \(form.action) \(form.component ?? "") answered \(response.status); their page \(page) has no such form")
                    #expect(try await fingerprint(site) == before, "\(viewer.name) POST \(form.action) \(form.component ?? "") changed the data")
                    checkedActions += 1
                }
            }
        }
        #expect(checkedFragments > 100 && checkedActions > 30, "\(checkedFragments) fragments, \(checkedActions) refused actions")
    }

    /// Every action route of the demo with bad values for its parameters and a missing or
    /// trashed child, posted by a member with a valid token: a 4xx (or a refused form), never a 500.
    static func badIDSweep(_ client: TestClient, _ site: TestSite) async throws {
        let member = try await client.signIn()
        let routes = RouteTable(scenes: DemoApp().allScenes).routes.filter { $0.method == "POST" }
        #expect(routes.count > 15)
        for route in routes {
            for bad in ["0", "\(missing)", "\(trashed)", "-1", "x"] {
                let path = route.path.split(separator: "/").map { $0.hasPrefix(":") ? bad : String($0) }.joined(separator: "/")
                let url = "/" + path
                let children = ["feed-like-\(bad)", "blog-list-like-\(bad)", "like-\(bad)"]
                for component in [nil] + children {
                    var fields = [("title", "T"), ("body", "B"), ("text", "Hi"), ("recipient", bad), ("displayName", "D")]
                    if let component { fields.append(("_component", component)) }
                    let response = try await client.post(url, fields, as: member)
                    #expect(response.status.code < 500, "POST \(url) \(component ?? ""): \(response.status)")
                }
            }
        }
    }

    // MARK: - Helpers

    /// A member who signs up: another member than the demo account, with no posts or conversations.
    static func signUp(_ client: TestClient, username: String = "mallory") async throws -> TestSession {
        let page = try await client.get("/signup")
        let created = try await client.submit(
            "form", on: page, [("username", username), ("displayName", username.capitalized), ("password", "a long enough password")])
        #expect(created.status == .seeOther)
        return try await client.session(after: created)
    }

    /// The id of the member signed up as `username`.
    static func memberID(_ username: String, _ site: TestSite) async throws -> Int64? {
        try await site.site.database.read { db in try await db.fetchValue(Int64.self, #"SELECT id FROM "user" WHERE username = ?"#, [username]) }
    }

    /// What can change in the demo's data, counted: a refused action leaves every number as it was.
    static func fingerprint(_ site: TestSite) async throws -> [Int] {
        let sql = """
            SELECT (SELECT COUNT(*) FROM "like"), (SELECT COALESCE(SUM(likeCount), 0) FROM blog),
              (SELECT COUNT(*) FROM blog WHERE trashedAt IS NULL), (SELECT COUNT(*) FROM blog), (SELECT COUNT(*) FROM comment),
              (SELECT COUNT(*) FROM draft), (SELECT COUNT(*) FROM message), (SELECT COUNT(*) FROM conversation),
              (SELECT COUNT(*) FROM tessera_files), (SELECT COALESCE(SUM(LENGTH(title) + LENGTH(body)), 0) FROM blog),
              (SELECT COALESCE(SUM(LENGTH(displayName) + LENGTH(bio)), 0) FROM "user")
            """
        return try await site.site.database.read { db in
            try await db.fetchOne(sql) { row in try (0..<11).map { index -> Int in try row[index] } } ?? []
        }
    }
}

// MARK: - ShownPage

/// What one viewer's page shows: its status, its components (id → fragment URL) and its forms.
struct ShownPage {
    /// A form: where it posts and what it sends (its own fields but the tokens, which each
    /// viewer sends their own of).
    struct Form: Equatable {
        let action: String
        let fields: [String: String]
        /// The component it names: in its action's query (a child's), or in a field.
        var component: String? {
            URLComponents(string: action)?.queryItems?.first { $0.name == "_component" }?.value ?? fields["_component"]
        }
        /// The action without its query.
        var path: String { String(action.prefix { $0 != "?" }) }

        static func == (a: Form, b: Form) -> Bool { a.path == b.path && a.component == b.component }

        /// The same form about the other records: `published` in its action's path or its
        /// component replaced by each of `others`.
        func forOtherRecords(_ published: Int64, _ others: [Int64]) -> [Form] {
            let inPath = path.contains("/\(published)/") || path.hasSuffix("/\(published)")
            let inComponent = component?.hasSuffix("-\(published)") == true
            guard inPath || inComponent else { return [] }
            return others.map { other in
                var action = inPath ? path.replacingOccurrences(of: "/\(published)", with: "/\(other)") + action.dropFirst(path.count) : self.action
                if inComponent, let component {
                    action = action.replacingOccurrences(
                        of: "_component=" + component, with: "_component=" + component.dropLast("\(published)".count) + "\(other)")
                }
                return Form(action: action, fields: fields)
            }
        }
    }

    let status: HTTPResponse.Status
    let components: [String: String]
    let forms: [Form]

    /// Whether this page holds `form`, or shows the component it names (whose other actions it
    /// then offers in its own state).
    func holds(_ form: Form) -> Bool {
        forms.contains(form) || form.component.map { components[$0] != nil } == true
    }

    init(_ response: TestResponse) {
        status = response.status
        guard response.status == .ok else {
            components = [:]
            forms = []
            return
        }
        var components: [String: String] = [:]
        for element in response.select("[data-component]") {
            if let id = element[attribute: "id"], let url = element[attribute: "data-src"] { components[id] = url }
        }
        self.components = components
        // Forms never nest: each `<form>…</form>` read as a document of its own.
        var forms: [Form] = []
        for match in response.text.matches(of: /<form[\s\S]*?<\/form>/) {
            let form = HTMLDocument(String(match.output))
            guard let element = form.first("form"), (element[attribute: "method"] ?? "get").lowercased() == "post",
                let action = element[attribute: "action"]
            else { continue }
            var fields: [String: String] = [:]
            for input in form.select("input[type=hidden][name]") {
                if let name = input[attribute: "name"], !["_csrf", "_once"].contains(name) { fields[name] = input[attribute: "value"] ?? "" }
            }
            forms.append(Form(action: action, fields: fields))
        }
        self.forms = forms
    }
}
