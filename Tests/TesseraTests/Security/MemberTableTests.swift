import Foundation
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A member table is checked against the database at start-up, each missing column named.
@Suite("Member table")
struct MemberTableTests {
    @Test("a table of the app's own without an email column is told how to add one or go without; email: nil checks none")
    func missingEmail() async throws {
        try await TestDatabases.each(migrations: { migrations in
            migrations.register("people") { db in
                try await db.execute("CREATE TABLE people (id BIGINT PRIMARY KEY, username TEXT NOT NULL, passwordHash TEXT NOT NULL, displayName TEXT NOT NULL)")
            }
        }) { database in
            let problems = try await database.read { db in try await MemberTable("people").problems(in: db) }
            #expect(problems == [
                "the member table 'people' has no column 'email': add one (TEXT, unique) in a migration for confirmed addresses "
                    + "and password resets, or pass `email: nil` to MemberTable to go without"
            ])
            let without = try await database.read { db in try await MemberTable("people", email: nil).problems(in: db) }
            #expect(without.isEmpty)
            #expect(Members(table: MemberTable("people", email: nil)).scenes.count == 3, "no pages of mailed links without addresses")
            #expect(Members(table: MemberTable("people", email: nil)).mails.isEmpty)
        }
    }
}
