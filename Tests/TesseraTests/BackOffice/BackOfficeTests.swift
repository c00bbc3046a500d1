import Foundation
import HTTPTypes
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// The back office: guarded by the admin role on every page and action, it lists, searches,
/// filters and pages a record type, makes, edits and deletes its records through forms drawn
/// from the schema (refusing bad input with what was typed), and logs every change with the
/// values before and after; on SQLite and PostgreSQL.
@Suite("The back office keeps every registered record", .serialized)
struct BackOfficeTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Studio")

    /// Runs `body` with a new app on SQLite, then on a new PostgreSQL database when configured.
    private static func onBothDatabases(_ body: @Sendable (TestApp<BackOfficeApp>, TestClient) async throws -> Void) async throws {
        let app = try await TestApp<BackOfficeApp>(root: root)
        try await app.test { client in try await body(app, client) }
        try await TestDatabases.withNewPostgresDatabase { url in
            let app = try await TestApp<BackOfficeApp>(root: root) { $0.databasePath = url }
            defer { app.site.database.close() }
            try await app.test { client in try await body(app, client) }
        }
    }

    private static func signIn(_ client: TestClient, _ name: String) async throws -> TestSession {
        try await client.signIn(at: "/signin", [("username", name), ("password", BackOfficeApp.password)])
    }

    /// The classes and the change log, as one string: what a refused request must leave as it was.
    private static func state(_ app: TestApp<BackOfficeApp>) async throws -> String {
        try await app.site.database.read { db in
            let classes = try await db.fetchAll("SELECT id, title, capacity FROM klass ORDER BY id") { row in
                "\(try row[0] as Int64):\(try row[1] as String):\(try row[2] as Int64)"
            }
            let changes = try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM back_office_changes") ?? -1
            return classes.joined(separator: "|") + " changes:\(changes)"
        }
    }

    /// The logged changes of class `id`, oldest first: action and fields' JSON.
    private static func changes(_ app: TestApp<BackOfficeApp>, of id: Int64) async throws -> [(action: String, fields: String, memberID: Int64?)] {
        try await app.site.database.read { db in
            try await db.fetchAll(
                "SELECT action, fields, memberID FROM back_office_changes WHERE recordType = 'klass' AND recordID = ? ORDER BY id",
                [String(id)]
            ) { row in (try row[0] as String, try row[1] as String, try row[2] as Int64?) }
        }
    }

    // MARK: - Who may use it

    @Test("a visitor is sent to sign in, and a member without the admin role gets 403 on every page and action")
    func guarded() async throws {
        try await Self.onBothDatabases { app, client in
            let visitor = try await client.visit("/")
            let alice = try await Self.signIn(client, "alice")
            let signIn = try await client.get("/admin/klass", as: visitor)
            #expect(signIn.status == .seeOther)
            #expect(signIn.headers[.location] == "/signin?next=%2Fadmin%2Fklass")
            let pages = [
                "/admin", "/admin/klass", "/admin/klass?q=yoga&page=2", "/admin/instructor", "/admin/klass/1", "/admin/klass/new",
                "/admin/klass/1/edit", "/admin/klass/1/delete", "/admin/nothing", "/admin/klass/999",
            ]
            for page in pages {
                #expect(try await client.get(page, as: alice).status == .forbidden, "alice GET \(page)")
            }
            #expect(try await client.get("/admin/klass/_/records", as: alice, fragment: true).status == .forbidden)
            #expect(try await client.get("/admin/klass/_/records", as: visitor, fragment: true).status == .forbidden)
            let before = try await Self.state(app)
            let posts: [(String, [(String, String)])] = [
                ("/admin/klass/new", [("title", "Sneaked in"), ("startsAt", "2026-12-07T10:00"), ("capacity", "5"), ("booked", "0"), ("price", "1")]),
                ("/admin/klass/1/edit", [("title", "Renamed"), ("capacity", "99")]),
                ("/admin/klass/1/delete", []),
            ]
            for (url, fields) in posts {
                for (name, session) in [("visitor", visitor), ("alice", alice)] {
                    #expect(try await client.post(url, fields, as: session).status == .forbidden, "\(name) POST \(url)")
                }
            }
            #expect(try await Self.state(app) == before, "a refused request changed something")
        }
    }

    // MARK: - Lists

    @Test("an admin sees the record types, and a list pages, searches and filters")
    func lists() async throws {
        try await Self.onBothDatabases { _, client in
            let carol = try await Self.signIn(client, "carol")
            let index = try await client.get("/admin", as: carol)
            #expect(index.status == .ok)
            #expect(index.select(".back-office-types a").map(\.text) == ["Klass", "Instructor"])
            #expect(index.select(".back-office-types a").map { $0[attribute: "href"] } == ["/admin/klass", "/admin/instructor"])

            let first = try await client.get("/admin/klass", as: carol)
            #expect(first.status == .ok)
            #expect(first.select("table.back-office-table tbody tr").count == 25)
            #expect(first.first("[data-total]")?.text == "\(BackOfficeApp.classCount)")
            #expect(first.first("tbody tr th a")?[attribute: "href"] == "/admin/klass/1")
            #expect(first.first("a[rel=next]")?[attribute: "href"] == "/admin/klass?page=2")
            #expect(first.select("a[rel=prev]").isEmpty)
            #expect(first.select("[data-tessera-live-since]").count == 1, "the list is live")
            #expect(first.first("label[for=back-office-q]")?.text == "Search")

            let second = try await client.get("/admin/klass?page=2", as: carol)
            #expect(second.select("table.back-office-table tbody tr").count == BackOfficeApp.classCount - 25)
            #expect(second.first("a[rel=prev]")?[attribute: "href"] == "/admin/klass")
            #expect(second.select("a[rel=next]").isEmpty)

            let yoga = try await client.get("/admin/klass?q=MAT", as: carol)
            #expect(yoga.select("tbody tr th a").map(\.text) == ["\(BackOfficeApp.classCount)"], "found by its notes, in any case")
            #expect(yoga.first("#back-office-q")?[attribute: "value"] == "MAT")
            let tens = try await client.get("/admin/klass?q=class%201", as: carol)
            #expect(tens.first("[data-total]")?.text == "10")
            let literal = try await client.get("/admin/klass?q=%25", as: carol)
            #expect(literal.first("[data-total]")?.text == "0", "a % is looked for, not a wildcard")

            let online = try await client.get("/admin/klass?isOnline=true", as: carol)
            #expect(online.first("[data-total]")?.text == "10")
            #expect(online.first("#back-office-filter-isOnline option[selected]")?[attribute: "value"] == "true")
            let onlineTens = try await client.get("/admin/klass?q=class%201&isOnline=false", as: carol)
            #expect(onlineTens.first("[data-total]")?.text == "7")

            #expect(try await client.get("/admin/klass?page=0", as: carol).status == .badRequest)
            #expect(try await client.get("/admin/klass?isOnline=maybe", as: carol).status == .badRequest)
            #expect(try await client.get("/admin/klass?page=9", as: carol).select("tbody tr").isEmpty)
            #expect(try await client.get("/admin/nothing", as: carol).status == .notFound)
            #expect(try await client.get("/admin/klass/999", as: carol).status == .notFound)
            #expect(try await client.get("/admin/klass/abc/edit", as: carol).status == .notFound)
        }
    }

    @Test("a list filters by whether an optional column holds a value, and refuses another word")
    func presenceFilter() async throws {
        try await Self.onBothDatabases { _, client in
            let carol = try await Self.signIn(client, "carol")
            let list = try await client.get("/admin/klass", as: carol)
            #expect(list.select("#back-office-filter-notes option").map { $0[attribute: "value"] } == ["", "set", "empty"])
            #expect(list.select("#back-office-filter-instructorID").count == 1)
            let withNotes = try await client.get("/admin/klass?notes=set", as: carol)
            #expect(withNotes.select("tbody tr th a").map(\.text) == ["\(BackOfficeApp.classCount)"])
            #expect(withNotes.first("#back-office-filter-notes option[selected]")?[attribute: "value"] == "set")
            let alone = try await client.get("/admin/klass?instructorID=empty", as: carol)
            #expect(alone.first("[data-total]")?.text == "15", "the odd classes have no instructor")
            let both = try await client.get("/admin/klass?instructorID=set&isOnline=true&q=class", as: carol)
            #expect(both.first("[data-total]")?.text == "5")
            #expect(try await client.get("/admin/klass?notes=maybe", as: carol).status == .badRequest)
        }
    }

    // MARK: - Changes

    @Test("an admin creates, edits and deletes a class, and the log shows each step with before and after")
    func createEditDelete() async throws {
        try await Self.onBothDatabases { app, client in
            let carol = try await Self.signIn(client, "carol")
            let form = try await client.get("/admin/klass/new", as: carol)
            #expect(form.status == .ok)
            #expect(form.select("form.back-office-form label[for=record-title]").count == 1)
            #expect(form.first("#record-capacity")?[attribute: "value"] == "12", "the column's default")
            #expect(form.select("#record-instructorID option").map(\.text) == ["None", "Ada (1)", "Grace (2)"])
            #expect(form.first("#record-startsAt")?[attribute: "type"] == "datetime-local")
            #expect(form.first("#record-isOnline")?[attribute: "type"] == "checkbox")
            #expect(form.select("#record-id").isEmpty, "the database numbers the key")

            let created = try await client.submit(
                "form.back-office-form", on: form,
                [("title", "Pilates"), ("startsAt", "2026-12-08T09:30"), ("price", "15.25"), ("instructorID", "2"), ("isOnline", "on")],
                as: carol)
            #expect(created.status == .seeOther)
            let id = Int64(BackOfficeApp.classCount + 1)
            #expect(created.headers[.location] == "/admin/klass/\(id)")

            let page = try await client.get("/admin/klass/\(id)", as: carol)
            #expect(page.first("h1")?.text == "Klass \(id)")
            #expect(page.select(".back-office-fields dd").map(\.text).contains("Pilates"))
            #expect(page.select(".back-office-fields dd a").map { $0[attribute: "href"] } == ["/admin/instructor/2"])
            #expect(page.select(".back-office-change").count == 1)
            #expect(page.first(".back-office-change [data-field=title] .before")?.text == "—")
            #expect(page.first(".back-office-change [data-field=title] .after")?.text == "Pilates")
            #expect(page.first(".back-office-change [data-field=startsAt] .after")?.text == "2026-12-08 09:30")
            #expect(page.first(".back-office-change")?.text.contains("Carol (member 2)") == true)

            let edit = try await client.get("/admin/klass/\(id)/edit", as: carol)
            #expect(edit.first("#record-title")?[attribute: "value"] == "Pilates")
            #expect(edit.first("#record-startsAt")?[attribute: "value"] == "2026-12-08T09:30")
            #expect(edit.first("#record-instructorID option[selected]")?[attribute: "value"] == "2")
            #expect(edit.first("#record-isOnline")?[attribute: "checked"] != nil)
            let saved = try await client.submit(
                "form.back-office-form", on: edit, [("title", "Pilates for all"), ("capacity", "20")], removing: ["isOnline"], as: carol)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/admin/klass/\(id)")

            let changed = try await client.get("/admin/klass/\(id)", as: carol)
            let latest = try #require(changed.first(".back-office-change"))
            #expect(latest[attribute: "data-action"] == "update")
            #expect(latest.select("tbody tr").compactMap { $0[attribute: "data-field"] } == ["title", "capacity", "isOnline"])
            #expect(latest.first("[data-field=title] .before")?.text == "Pilates")
            #expect(latest.first("[data-field=title] .after")?.text == "Pilates for all")
            #expect(latest.first("[data-field=capacity] .before")?.text == "12")
            #expect(latest.first("[data-field=capacity] .after")?.text == "20")
            #expect(latest.first("[data-field=isOnline] .after")?.text == "false")

            let confirm = try await client.get("/admin/klass/\(id)/delete", as: carol)
            #expect(confirm.first("h1")?.text == "Delete klass \(id)?")
            #expect(try await Self.changes(app, of: id).count == 2, "asking to confirm deletes nothing")
            let deleted = try await client.submit("form.back-office-delete", on: confirm, as: carol)
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/admin/klass")
            #expect(try await client.get("/admin/klass/\(id)", as: carol).status == .notFound)

            let log = try await Self.changes(app, of: id)
            #expect(log.map(\.action) == ["create", "update", "delete"])
            #expect(log.allSatisfy { $0.memberID == 2 })
            let fields = try JSONDecoder().decode([BackOfficeChanges.Field].self, from: Data(log[2].fields.utf8))
            #expect(fields.first { $0.name == "title" } == BackOfficeChanges.Field(name: "title", before: "Pilates for all", after: nil))
            #expect(fields.first { $0.name == "capacity" } == BackOfficeChanges.Field(name: "capacity", before: "20", after: nil))
        }
    }

    @Test("a refused form answers 400 with what was typed and a message per field, and changes nothing")
    func refusedForm() async throws {
        try await Self.onBothDatabases { app, client in
            let carol = try await Self.signIn(client, "carol")
            let before = try await Self.state(app)
            let form = try await client.get("/admin/klass/new", as: carol)
            let refused = try await client.submit(
                "form.back-office-form", on: form,
                [("title", "Class 01"), ("startsAt", "next tuesday"), ("capacity", "many"), ("price", "cheap"), ("instructorID", "999")],
                as: carol)
            #expect(refused.status == .badRequest)
            #expect(refused.first("#record-title")?[attribute: "value"] == "Class 01")
            #expect(refused.first("#record-startsAt")?[attribute: "value"] == "next tuesday")
            #expect(refused.first("#record-capacity")?[attribute: "value"] == "many")
            #expect(refused.first("#record-price")?[attribute: "value"] == "cheap")
            #expect(refused.first("#record-capacity")?[attribute: "aria-invalid"] == "true")
            #expect(refused.first("#record-capacity-error")?.text == "Enter a whole number, such as 12.")
            #expect(refused.first("#record-price-error")?.text == "Enter a number, such as 12.5.")
            #expect(refused.first("#record-startsAt-error")?.text.hasPrefix("Enter a date and time") == true)
            #expect(refused.first("#record-title-error")?.text == "Another klass has this title.")
            #expect(refused.first("#record-instructorID-error")?.text == "Choose one of the rows listed.")
            #expect(refused.select(".error-summary li").count == 5)
            #expect(refused.select("#record-booked-error").isEmpty)

            let edit = try await client.get("/admin/klass/1/edit", as: carol)
            let blank = try await client.submit("form.back-office-form", on: edit, [("title", ""), ("booked", "1.5")], as: carol)
            #expect(blank.status == .badRequest)
            #expect(blank.first("#record-title-error")?.text == "Fill this in.")
            #expect(blank.first("#record-booked")?[attribute: "value"] == "1.5")
            #expect(try await Self.state(app) == before)
        }
    }

    // MARK: - Live

    @Test("another admin's change, made on another process, appears on an open list")
    func liveList() async throws {
        let first = try await TestApp<BackOfficeApp>(root: Self.root)
        defer { first.removeFiles() }
        try await Self.liveList(first, try await TestApp(reopening: first))
        try await TestDatabases.withNewPostgresDatabase { url in
            let first = try await TestApp<BackOfficeApp>(root: Self.root) { $0.databasePath = url }
            let second = try await TestApp<BackOfficeApp>(root: Self.root) { $0.databasePath = url }
            defer {
                first.site.database.close()
                second.site.database.close()
            }
            try await Self.liveList(first, second)
        }
    }

    private static func liveList(_ first: TestApp<BackOfficeApp>, _ second: TestApp<BackOfficeApp>) async throws {
        try await first.test(keepingFiles: true) { one in
            try await second.test(keepingFiles: true) { two in
                try await first.withLiveUpdates {
                    let carol = try await signIn(one, "carol")
                    let list = try await one.get("/admin/klass", as: carol)
                    #expect(list.first("#record-1 th a")?.text == "1")
                    let stream = TestLiveStream(first.site, on: list.document, as: carol)
                    defer { stream.close() }
                    let edit = try await two.get("/admin/klass/1/edit", as: carol)
                    #expect(try await two.submit("form.back-office-form", on: edit, [("title", "Class one, moved")], as: carol).status == .seeOther)
                    let update = try #require(await stream.next("update")?.element)
                    #expect(update.select("#record-1 td").map(\.text).contains("Class one, moved"))
                }
            }
        }
    }
}

// MARK: - Reading pages

extension TestResponse {
    /// The first element `selector` picks on the page, or nil.
    fileprivate func first(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) -> HTMLElement? {
        document.first(selector, sourceLocation: sourceLocation)
    }
}
