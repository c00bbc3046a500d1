import Foundation
import Tessera

// MARK: - ProfileDetailsStore

/// Members' ``ProfileDetails``, in `profile_details`; a member with no row has the defaults.
struct ProfileDetailsStore: Sendable {
    let database: CountingDatabase

    /// Makes the table.
    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("demo.profile-details.v1") { db in
            try await db.execute(
                """
                CREATE TABLE profile_details (userID BIGINT PRIMARY KEY NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
                  website TEXT NOT NULL, birthday TEXT NOT NULL, pronouns TEXT, shown TEXT NOT NULL, audience TEXT NOT NULL,
                  acceptsMessages INTEGER NOT NULL, postsPerPage INTEGER NOT NULL, avatarURL TEXT)
                """)
        }
        migrations.register("demo.profile-details.v2-mails") { db in
            try await db.execute("ALTER TABLE profile_details ADD COLUMN mails TEXT NOT NULL DEFAULT 'comments'")
        }
    }

    /// `userID`'s details (the defaults when they saved none). One query.
    func details(of userID: Int64) async throws -> ProfileDetails {
        try await database.read { db in try await Self.details(of: userID, in: db) }
    }

    /// `userID`'s details, read in `db`.
    static func details(of userID: Int64, in db: SQLConnection) async throws -> ProfileDetails {
        let stored = try await db.fetchOne(
            StoredProfileDetails.self, "SELECT \(StoredProfileDetails.columns) FROM profile_details WHERE userID = ?", [userID])
        return stored?.details ?? ProfileDetails()
    }

    /// Saves `details` for `userID` in `db`'s open write transaction (with the name and bio).
    static func save(_ details: ProfileDetails, of userID: Int64, in db: SQLConnection) async throws {
        let shown = ProfileDetails.Detail.allCases.filter(details.shown.contains).map(\.rawValue).joined(separator: ",")
        let mails = ProfileDetails.MailTopic.allCases.filter(details.mails.contains).map(\.rawValue).joined(separator: ",")
        let values: [SQLValue] = [
            .integer(userID), .text(details.website), .text(details.birthday), details.pronouns.map { .text($0.rawValue) } ?? .null,
            .text(shown), .text(details.audience.rawValue), .integer(details.acceptsMessages ? 1 : 0), .integer(Int64(details.postsPerPage)),
            details.avatarURL.map { .text($0) } ?? .null, .text(mails),
        ]
        try await db.execute(
            """
            INSERT INTO profile_details (userID, website, birthday, pronouns, shown, audience, acceptsMessages, postsPerPage, avatarURL, mails)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (userID) DO UPDATE SET website = excluded.website, birthday = excluded.birthday, pronouns = excluded.pronouns,
              shown = excluded.shown, audience = excluded.audience, acceptsMessages = excluded.acceptsMessages,
              postsPerPage = excluded.postsPerPage, avatarURL = excluded.avatarURL, mails = excluded.mails
            """, SQLArguments(values))
    }
}
