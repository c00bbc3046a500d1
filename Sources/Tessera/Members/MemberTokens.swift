import Foundation

// MARK: - MemberTokens

/// The single-use links the members' kit mails: a reset of a forgotten password, or the
/// confirmation of an address. A link carries 32 random bytes; only their SHA-256 is stored
/// (in `tessera_member_tokens`, with its purpose, member, address and end), so a copy of the
/// database opens no account. A link works until the first of: it is used, its hour ends, a
/// newer link of the same purpose is issued to its member (``issue(_:memberID:email:in:)``), or
/// its member's password changes or a new address of theirs is confirmed (``endAll(of:in:)``,
/// called in the transaction that makes the change).
struct MemberTokens: Sendable {
    /// What a link is for.
    enum Purpose: String, Sendable {
        /// Choosing a new password.
        case reset
        /// Confirming an address.
        case confirm
    }

    /// What a link that works opens: whose, and which address.
    struct Holder: Sendable, Equatable {
        let memberID: Int64
        let email: String
    }

    static let table = "tessera_member_tokens"
    /// How long a link works.
    var lifetime: TimeInterval = 3600

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.member-tokens.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (tokenHash TEXT PRIMARY KEY, purpose TEXT NOT NULL, memberID BIGINT NOT NULL,
                  email TEXT NOT NULL, expiresAt DOUBLE PRECISION NOT NULL)
                """)
            try await db.execute("CREATE INDEX tessera_member_tokens_member ON \(table) (memberID, purpose)")
        }
    }

    // MARK: - Issuing

    /// A new link's token for `purpose`, member `memberID` and `email`, stored in `db`'s
    /// transaction; the member's older links of this purpose, and every ended link, are deleted.
    func issue(_ purpose: Purpose, memberID: Int64, email: String, in db: SQLConnection) async throws -> String {
        let token = Digests.randomHex(bytes: 32)
        let time = Date().timeIntervalSince1970
        try await db.execute("DELETE FROM \(Self.table) WHERE (memberID = ? AND purpose = ?) OR expiresAt <= ?", [memberID, purpose.rawValue, time])
        try await db.execute(
            "INSERT INTO \(Self.table) (tokenHash, purpose, memberID, email, expiresAt) VALUES (?, ?, ?, ?, ?)",
            [Self.stored(token), purpose.rawValue, memberID, email.lowercased(), time + lifetime])
        return token
    }

    // MARK: - Using

    /// Who `token` opens for `purpose` while it works, without using it (a page showing a form).
    func holder(of token: String, for purpose: Purpose, in database: TesseraDatabase) async throws -> Holder? {
        guard Self.isWellFormed(token) else { return nil }
        return try await database.read { db in
            try await db.fetchOne(
                "SELECT memberID, email FROM \(Self.table) WHERE tokenHash = ? AND purpose = ? AND expiresAt > ?",
                [Self.stored(token), purpose.rawValue, Date().timeIntervalSince1970]
            ) { Holder(memberID: try $0[0], email: try $0[1]) }
        }
    }

    /// Uses `token` for `purpose` in `db`'s transaction: who it opened, or nil when it does not
    /// work (never was, used, ended). One statement deletes it, so of two uses at once — on any
    /// processes — one gets the holder and the other nil.
    func use(_ token: String, for purpose: Purpose, in db: SQLConnection) async throws -> Holder? {
        guard Self.isWellFormed(token) else { return nil }
        return try await db.fetchOne(
            "DELETE FROM \(Self.table) WHERE tokenHash = ? AND purpose = ? AND expiresAt > ? RETURNING memberID, email",
            [Self.stored(token), purpose.rawValue, Date().timeIntervalSince1970]
        ) { Holder(memberID: try $0[0], email: try $0[1]) }
    }

    /// Deletes every link of `memberID`, of every purpose, in `db`'s transaction: what a change
    /// of their password or of their address calls, so no link mailed before it outlives it.
    func endAll(of memberID: Int64, in db: SQLConnection) async throws {
        try await db.execute("DELETE FROM \(Self.table) WHERE memberID = ?", [memberID])
    }

    // MARK: - Private

    private static func stored(_ token: String) -> String { Digests.sha256Hex(token.utf8) }

    /// 64 lowercase hexadecimal digits: anything else is not a token and reaches no statement.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
