import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// The checks a model declares once, made by every changeset and write: required text, length
/// in characters, range, format, an enum's cases, custom checks, and uniqueness checked by the
/// database, on SQLite and PostgreSQL.
@Suite("Checks on the model, on both databases")
struct ModelCheckTests {
    private func changes(_ fields: [String: String], base: Signup = .blank) -> Changeset<Signup> {
        var changes = Changeset(base)
        changes.take(fields)
        return changes
    }

    private func with(_ overrides: [String: String]) -> [String: String] {
        ModelCheckFixtures.good.merging(overrides) { $1 }
    }

    // MARK: - Checks without a database

    @Test("good input passes, and becomes the typed values")
    func goodInput() throws {
        let good = changes(ModelCheckFixtures.good)
        #expect(good.isValid, "\(good.problems)")
        #expect(good.record.handle == "ada")
        #expect(good.record.seats == 2)
        #expect(good.record.rating == 4.5)
        #expect(good.record.mood == .curious)
        #expect(good.record.isPublic)
        #expect(good.record.website == "https://ada.example")
        #expect(good.record.startsAt == Date(timeIntervalSince1970: 1_796_663_100))
        #expect(good.changedColumns == ["handle", "email", "website", "seats", "rating", "mood", "startsAt", "isPublic"])
        #expect(good.hasChanged(\.seats) && !good.hasChanged(\.nickname))
    }

    @Test("required, length in scalars, range, format: each a sentence on its own field")
    func builtInChecks() {
        let cases: [([String: String], String, String)] = [
            (["handle": ""], "handle", "Fill this in."),
            (["handle": "a"], "handle", "Use at least 2 characters."),
            (["handle": String(repeating: "é", count: 21)], "handle", "Keep this to 20 characters or fewer (it has 21)."),
            (["email": ""], "email", "Fill this in."),
            (["email": "ada@"], "email", "Enter an e-mail address, such as name@example.com."),
            (["email": "ada example@x.org"], "email", "Enter an e-mail address, such as name@example.com."),
            (["website": "ftp://ada.example"], "website", "Enter a web address starting with https://, such as https://example.com."),
            (["seats": "0"], "seats", "Enter a number from 1 to 10."),
            (["seats": "11"], "seats", "Enter a number from 1 to 10."),
            (["rating": "99.6"], "rating", "Enter a number from 0 to 99.5."),
            (["about": String(repeating: "x", count: 301)], "about", "Keep this to 300 characters or fewer (it has 301)."),
        ]
        for (fields, column, message) in cases {
            let refused = changes(with(fields))
            #expect(refused.problems[column] == message, "\(fields)")
            #expect(refused.problems.fields.count == 1, "only \(column) refused: \(refused.problems.fields)")
            #expect(refused.text(of: column) == fields[column], "the text kept as given")
        }
        // 20 scalars pass however many bytes they take; an optional's empty text is nil.
        let accented = changes(with(["handle": String(repeating: "é", count: 20), "website": "", "isPublic": ""]))
        #expect(accented.isValid, "\(accented.problems)")
        #expect(accented.record.website == nil)
        #expect(changes(with(["about": ""])).record.about == "", "allowsEmpty")
    }

    @Test("text that is no value of its type is the field's problem, its text kept and the value left")
    func unreadable() {
        let refused = changes(with(["seats": "abc", "rating": "1,5", "startsAt": "next tuesday", "mood": "angry", "isPublic": "maybe"]))
        #expect(refused.problems["seats"] == "Enter a whole number, such as 12.")
        #expect(refused.problems["rating"] == "Enter a number, such as 12.5.")
        #expect(refused.problems["startsAt"] == "Enter a date and time, such as 2026-12-07T17:05.")
        #expect(refused.problems["mood"] == "Choose one of the choices offered.")
        #expect(refused.problems["isPublic"] == "Choose yes or no.")
        #expect(refused.text(of: "seats") == "abc")
        #expect(refused.record.seats == Signup.blank.seats)
        #expect(!refused.isValid)
        #expect(changes(with(["seats": ""])).problems["seats"] == "Fill this in.")
    }

    @Test("custom checks in Swift run after the columns', and set() checks again")
    func customChecks() {
        var refused = changes(with(["handle": "Admin", "website": ""]))
        #expect(refused.problems["handle"] == "This handle is kept for the site.")
        #expect(refused.problems["website"] == "A public sign-up needs a website.")
        #expect(changes(with(["handle": "a"])).problems["handle"] == "Use at least 2 characters.", "the column's check first")
        refused.set(\.isPublic, false)
        refused.set(\.handle, "grace")
        #expect(refused.isValid, "\(refused.problems)")
        #expect(Signup.blank.problems[\.handle] == "Fill this in.", "a record's own problems")
    }

    // MARK: - Writes on both databases

    @Test("insert and update write only a valid changeset; a unique clash is the field's problem")
    func writes() async throws {
        try await TestDatabases.each(migrations: ModelCheckFixtures.migrations) { database in
            let ada = try await database.write { db in try await changes(ModelCheckFixtures.good).insert(in: db) }
            #expect(ada.id > 0)
            #expect(ada.handle == "ada" && ada.mood == .curious)

            await #expect(throws: ChangesetRefused<Signup>.self) {
                try await database.write { db in try await changes(with(["seats": "abc"])).insert(in: db) }
            }
            do {
                _ = try await database.write { db in try await changes(with(["email": "other@example.com"])).insert(in: db) }
                Issue.record("a second 'ada' was stored")
            } catch let refused as ChangesetRefused<Signup> {
                #expect(refused.changes.problems["handle"] == Changeset<Signup>.takenMessage)
                #expect(refused.changes.text(of: "handle") == "ada")
                #expect(refused.changes.problems.fields.count == 1)
            }

            let grace = try await database.write { db in try await changes(with(["handle": "grace"])).insert(in: db) }
            var rename = Changeset(grace)
            rename.take(["handle": "Grace Hopper", "seats": "3"])
            #expect(rename.changedColumns == ["handle", "seats"])
            let renamed = try await database.write { db in try await rename.update(in: db) }
            #expect(renamed.handle == "Grace Hopper" && renamed.seats == 3 && renamed.email == grace.email)

            var clash = Changeset(renamed)
            clash.take(["handle": "ada"])
            do {
                _ = try await database.write { db in try await clash.update(in: db) }
                Issue.record("two rows hold 'ada'")
            } catch let refused as ChangesetRefused<Signup> {
                #expect(refused.changes.problems["handle"] == Changeset<Signup>.takenMessage)
            }
            let stored = try await database.read { db in try await Signup.order(by: \.id).all(in: db).map(\.handle) }
            #expect(stored == ["ada", "Grace Hopper"])

            try await database.write { db in _ = try await Signup.filter(\.id == grace.id).delete(in: db) }
            var gone = Changeset(renamed)
            gone.take(["seats": "4"])
            do {
                _ = try await database.write { db in try await gone.update(in: db) }
                Issue.record("an update of a deleted row succeeded")
            } catch let refused as ChangesetRefused<Signup> {
                #expect(refused.changes.problems.message?.hasPrefix("This record is no longer there") == true)
            }
        }
    }

    @Test("two inserts of one handle at once: one stored, the other the handle's problem")
    func concurrentUnique() async throws {
        try await TestDatabases.each(migrations: ModelCheckFixtures.migrations) { database in
            let first = changes(with(["handle": "twin", "email": "one@example.com"]))
            let second = changes(with(["handle": "twin", "email": "two@example.com"]))
            async let one = Self.outcome { try await database.write { db in try await first.insert(in: db) } }
            async let two = Self.outcome { try await database.write { db in try await second.insert(in: db) } }
            let outcomes = await [one, two]
            #expect(outcomes.filter { $0 == "stored" }.count == 1, "\(outcomes)")
            #expect(outcomes.filter { $0 == "handle: \(Changeset<Signup>.takenMessage)" }.count == 1, "\(outcomes)")
            let twins = try await database.read { db in try await Signup.filter(\.handle == "twin").count(in: db) }
            #expect(twins == 1)
        }
    }

    /// "stored", or the refused changeset's problems, or the error.
    private static func outcome(_ insert: @Sendable () async throws -> Signup) async -> String {
        do {
            _ = try await insert()
            return "stored"
        } catch let refused as ChangesetRefused<Signup> {
            return refused.changes.problems.fields.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; ")
        } catch {
            return "error: \(error)"
        }
    }
}
