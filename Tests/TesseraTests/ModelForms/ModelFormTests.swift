import Foundation
import HTTPTypes
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// A record's form said once (`SignupFormComponent`): drawn from the model with the layout's
/// labels, hints and controls; a refused post is a 400 showing what was typed, each problem on
/// its field and linked from the summary; a forged choice a 400 page; a corrected post stored,
/// its time read in Europe/Berlin and stored in UTC; on SQLite and PostgreSQL.
@Suite("Forms from the model", .serialized)
struct ModelFormTests {
    private static let berlin = TimeZone(identifier: "Europe/Berlin")!
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Signups")

    /// Runs `body` with a new app on SQLite, then on a new PostgreSQL database when configured.
    private static func onBothDatabases(_ body: @Sendable (TestApp<SignupApp>, TestClient) async throws -> Void) async throws {
        let app = try await TestApp<SignupApp>(root: root) { $0.timeZone = berlin }
        try await app.test { client in try await body(app, client) }
        try await TestDatabases.withNewPostgresDatabase { url in
            let app = try await TestApp<SignupApp>(root: root) {
                $0.databasePath = url
                $0.timeZone = berlin
            }
            defer { app.site.database.close() }
            try await app.test { client in try await body(app, client) }
        }
    }

    private static func signups(_ app: TestApp<SignupApp>) async throws -> [Signup] {
        try await app.site.database.read { db in try await Signup.order(by: \.id).all(in: db) }
    }

    @Test("every field drawn with its kind, label, hint and limits, in the layout's order")
    func drawn() async throws {
        try await Self.onBothDatabases { _, client in
            let page = try await client.get("/signup")
            #expect(page.status == .ok)
            let names = page.select("form.signup [name]").compactMap { $0[attribute: "name"] }.filter { !$0.hasPrefix("_") }
            #expect(names == ["handle", "email", "website", "seats", "rating", "mood", "mood", "mood", "about", "startsAt", "isPublic"])
            #expect(page.first("label[for=handle]")?.text == "Your handle")
            #expect(page.first("#handle")?[attribute: "maxlength"] == "20")
            #expect(page.first("#handle")?[attribute: "minlength"] == "2")
            #expect(page.first("#handle")?[attribute: "required"] != nil)
            #expect(page.first("#email")?[attribute: "type"] == "email")
            #expect(page.first("#website")?[attribute: "type"] == "url")
            #expect(page.first("#website")?[attribute: "required"] == nil, "optional")
            #expect(page.first("#seats")?[attribute: "type"] == "number")
            #expect(page.first("#seats")?[attribute: "value"] == "1", "the record's value")
            #expect(page.first("#seats-hint")?.text == "From 1 to 10.")
            #expect(page.select("input[name=mood][type=radio]").compactMap { $0[attribute: "value"] } == ["calm", "busy", "curious"])
            #expect(page.first("input[name=mood][checked]")?[attribute: "value"] == "calm")
            #expect(page.select("fieldset legend").map(\.text).contains("Mood"))
            #expect(page.first("textarea#about")?[attribute: "rows"] == "4")
            #expect(page.first("#startsAt")?[attribute: "type"] == "datetime-local")
            #expect(page.first("#startsAt")?[attribute: "value"] == "2027-01-15T09:00", "1_800_000_000 shown in Berlin")
            #expect(page.first("#startsAt-hint")?.text == "Time in Europe/Berlin.")
            #expect(page.first("#isPublic")?[attribute: "type"] == "checkbox")
            #expect(page.select(".error-summary").isEmpty)
        }
    }

    @Test("a refused post is a 400 with what was typed, each problem on its field and linked; corrected, it is stored")
    func refusedThenStored() async throws {
        try await Self.onBothDatabases { app, client in
            let visitor = try await client.visit("/signup")
            let page = try await client.get("/signup", as: visitor)
            let refused = try await client.submit(
                "form.signup", on: page,
                [
                    ("handle", "a"), ("email", "ada@"), ("seats", "abc"), ("rating", "4.5"), ("mood", "busy"),
                    ("about", "Line one\nline two"), ("startsAt", "2026-03-29T02:30"), ("isPublic", "on"), ("website", ""),
                ], as: visitor)
            #expect(refused.status == .badRequest)
            #expect(refused.first("#handle")?[attribute: "value"] == "a")
            #expect(refused.first("#email")?[attribute: "value"] == "ada@")
            #expect(refused.first("#seats")?[attribute: "value"] == "abc")
            #expect(refused.first("#rating")?[attribute: "value"] == "4.5")
            #expect(refused.first("input[name=mood][checked]")?[attribute: "value"] == "busy")
            #expect(refused.first("textarea#about")?.rawText.drop { $0 == "\n" } == "Line one\nline two", "a browser drops the first line break")
            #expect(refused.first("#startsAt")?[attribute: "value"] == "2026-03-29T02:30")
            #expect(refused.first("#isPublic")?[attribute: "checked"] != nil)
            #expect(refused.first("#handle")?[attribute: "aria-invalid"] == "true")
            #expect(refused.first("#handle-error")?.text == "Use at least 2 characters.")
            #expect(refused.first("#seats-error")?.text == "Enter a whole number, such as 12.")
            #expect(refused.first("#website-error")?.text == "A public sign-up needs a website.")
            #expect(refused.first("#startsAt-error")?.text.hasPrefix("This time does not exist in Europe/Berlin") == true)
            #expect(
                refused.select(".error-summary li a").compactMap { $0[attribute: "href"] }
                    == ["#handle", "#email", "#website", "#seats", "#startsAt"])
            #expect(refused.first(".error-summary p")?.text == "Your sign-up was not saved.")
            #expect(try await Self.signups(app).isEmpty)

            let stored = try await client.submit(
                "form.signup", on: refused,
                [
                    ("handle", "ada"), ("email", "ada@example.com"), ("seats", "3"), ("startsAt", "2026-10-25T02:30"),
                    ("website", "https://ada.example"),
                ], as: visitor)
            #expect(stored.status == .seeOther)
            let rows = try await Self.signups(app)
            #expect(rows.count == 1)
            #expect(rows.first?.handle == "ada" && rows.first?.seats == 3 && rows.first?.mood == .busy && rows.first?.isPublic == true)
            #expect(rows.first?.about == "Line one\nline two")
            #expect(rows.first?.startsAt == Date(timeIntervalSince1970: 1_792_888_200), "02:30 in summer time, 00:30 UTC")
            #expect(stored.headers[.location] == "/signup?saved=\(rows.first?.id ?? 0)")

            let again = try await client.get("/signup", as: visitor)
            let taken = try await client.submit(
                "form.signup", on: again, [("handle", "ada"), ("email", "second@example.com"), ("website", "https://b.example")],
                as: visitor)
            #expect(taken.status == .badRequest)
            #expect(taken.first("#handle-error")?.text == Changeset<Signup>.takenMessage)
            #expect(taken.first("#handle")?[attribute: "value"] == "ada")
            #expect(try await Self.signups(app).count == 1)
        }
    }

    @Test("a choice none of the enum's cases is a 400 page, and nothing is stored")
    func forgedChoice() async throws {
        try await Self.onBothDatabases { app, client in
            let visitor = try await client.visit("/signup")
            let page = try await client.get("/signup", as: visitor)
            let forged = try await client.submit(
                "form.signup", on: page,
                [("handle", "ada"), ("email", "ada@example.com"), ("mood", "angry"), ("startsAt", "2026-12-07T10:00")], as: visitor)
            #expect(forged.status == .badRequest)
            #expect(forged.select("form.signup").isEmpty, "a page saying what is wrong, not the form")
            #expect(try await Self.signups(app).isEmpty)
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
