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
        try await db.fetchOne("SELECT \(columns(of: "profile_details")) FROM profile_details WHERE userID = ?", [userID]) { row in
            try decode(row, from: 0)
        } ?? ProfileDetails()
    }

    /// The columns ``decode(_:from:)`` reads, of the table named `table` (a join's alias).
    static func columns(of table: String) -> String {
        ["website", "birthday", "pronouns", "shown", "audience", "acceptsMessages", "postsPerPage", "avatarURL", "mails"]
            .map { table + "." + $0 }.joined(separator: ", ")
    }

    /// The details in `row` from column `start` on (``columns(of:)``); the defaults when they
    /// are NULL (a member with no row, through a LEFT JOIN).
    static func decode(_ row: SQLRow, from start: Int) throws -> ProfileDetails {
        guard let website = try row[start] as String? else { return ProfileDetails() }
        return ProfileDetails(
            website: website, birthday: try row[start + 1], pronouns: (try row[start + 2] as String?).flatMap(ProfileDetails.Pronouns.init),
            shown: Set((try row[start + 3] as String).split(separator: ",").compactMap { ProfileDetails.Detail(rawValue: String($0)) }),
            audience: ProfileDetails.Audience(rawValue: try row[start + 4]) ?? .everyone, acceptsMessages: (try row[start + 5] as Int64) != 0,
            postsPerPage: Int(try row[start + 6] as Int64), avatarURL: try row[start + 7],
            mails: Set((try row[start + 8] as String).split(separator: ",").compactMap { ProfileDetails.MailTopic(rawValue: String($0)) }))
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
