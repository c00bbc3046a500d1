import Foundation

// MARK: - SessionStore

/// Sessions in SQLite (`tessera_sessions`): the SHA-256 of a random id (the cookie holds the id;
/// the database only its hash, so whoever reads a backup or a replica cannot sign in as anyone),
/// the signed-in user, and the CSRF token. Rows are made only when something needs one (signing in, ``create(userID:)``): a
/// visitor reading pages has none, and reading a stored session writes nothing. Signing in
/// issues a new id (no session fixation); signing out deletes the row.
///
/// Sessions expire: a signed-in member's after ``memberLifetime`` (the cookie's age), a
/// visitor's after ``visitorLifetime``. Expired sessions are never found, and ``sweep(now:)``
/// (run by ``SessionSweeper``) deletes them, so rows from cookie-less clients do not pile up.
struct SessionStore: Sendable {
    /// The table.
    static let table = "tessera_sessions"
    /// How long a signed-in session lasts: 30 days, the cookie's `Max-Age`.
    static let memberLifetime: TimeInterval = 30 * 24 * 3600
    /// How long a visitor's session lasts: one day.
    static let visitorLifetime: TimeInterval = 24 * 3600

    let database: TesseraDatabase
    /// The app's members table, whose signed-in member ``find(_:now:)`` reads along (nil: none).
    let members: MemberAccounts?

    /// A store over `database`; given the app's `members` (default none), finding a session
    /// reads the signed-in member with it.
    init(database: TesseraDatabase) { self.init(database: database, members: nil) }

    init(database: TesseraDatabase, members: MemberAccounts?) {
        self.database = database
        self.members = members
    }

    static func registerMigration(in migrations: inout Migrations) {
        CSRFTokens.registerMigration(in: &migrations)
        migrations.register("tessera.sessions.v1") { db in
            try await db.execute(
                "CREATE TABLE \(table) (id TEXT PRIMARY KEY NOT NULL, userID BIGINT, csrfToken TEXT NOT NULL, createdAt \(db.dialect.timestamp) NOT NULL)")
        }
        // Ids were stored as sent until v2: each is replaced by its hash, so no session ends.
        migrations.register("tessera.sessions.v2-hashed-ids") { db in
            let ids = try await db.fetchValues(String.self, "SELECT id FROM \(table)")
            for id in ids {
                try await db.execute("UPDATE \(table) SET id = ? WHERE id = ?", [storedKey(id), id])
            }
            try await db.execute("ALTER TABLE \(table) RENAME COLUMN id TO idHash")
        }
    }

    /// What the table keeps for the session whose cookie holds `id`: its SHA-256 in hex.
    static func storedKey(_ id: String) -> String { Digests.sha256Hex(id.utf8) }

    // MARK: - Sessions

    /// The session with `id`, or nil (unknown, expired at `now`, or not an id at all); with it,
    /// in the same statement, whether a notice waits for it and (given ``members``) the member
    /// it is signed in as (``SessionReadAlong``).
    func find(_ id: String, now: Date = Date()) async throws -> Session? {
        guard id.utf8.count == 64, id.utf8.allSatisfy(Self.isHex) else { return nil }
        let (memberSince, visitorSince) = Self.cutoffs(now)
        let member = members?.readAlongSession(sessions: "s", members: "m")
        return try await database.read(counter: nil) { db in
            try await db.fetchOne(
                """
                SELECT s.userID, s.csrfToken, EXISTS (SELECT 1 FROM \(NoticeStore.table) WHERE keyHash = ?)\(member?.columns ?? "")
                FROM \(Self.table) s\(member?.join ?? "") WHERE s.idHash = ?
                  AND s.createdAt > CASE WHEN s.userID IS NULL THEN ? ELSE ? END
                """, [NoticeStore.storedKey(id), Self.storedKey(id), visitorSince, memberSince]
            ) { row in
                let userID: Int64? = try row[0]
                var found: CurrentMember?
                if member != nil, let userID, let username: String = try row[3] {
                    found = CurrentMember(id: userID, username: username, displayName: try row[4])
                }
                return Session(
                    id: id, userID: userID, csrfToken: try row[1],
                    readAlong: SessionReadAlong(member: found, readsMember: member != nil, noticeWaiting: try row[2]))
            }
        }
    }

    /// Deletes every session expired at `now`; returns how many.
    @discardableResult
    func sweep(now: Date = Date()) async throws -> Int {
        let (memberSince, visitorSince) = Self.cutoffs(now)
        return try await database.write { db in
            try await db.execute(
                """
                DELETE FROM \(Self.table)
                WHERE (userID IS NULL AND createdAt <= ?) OR (userID IS NOT NULL AND createdAt <= ?)
                """, [visitorSince, memberSince])
        }
    }

    /// The creation times before which a member's and a visitor's sessions have expired at
    /// `now`, as stored text (``StoredDate``), which compares like the column.
    private static func cutoffs(_ now: Date) -> (member: Date, visitor: Date) {
        (now.addingTimeInterval(-memberLifetime), now.addingTimeInterval(-visitorLifetime))
    }

    /// A new session for `userID` (nil for a visitor), stored before it is returned.
    func create(userID: Int64? = nil) async throws -> Session {
        let session = Session(id: Self.randomToken(), userID: userID, csrfToken: Self.randomToken())
        try await database.write { db in
            try await db.execute(
                "INSERT INTO \(Self.table) (idHash, userID, csrfToken, createdAt) VALUES (?, ?, ?, ?)",
                [Self.storedKey(session.id), session.userID, session.csrfToken, Date()])
        }
        return session
    }

    /// Ends `old` and returns a new session signed in as `userID`.
    func signIn(userID: Int64, replacing old: Session) async throws -> Session {
        try await delete(old)
        return try await create(userID: userID)
    }

    /// Ends `old` and returns the visitor session that replaces it: nothing stored, so its
    /// cookie is cleared (``SessionMiddleware/cookie(for:secure:)``).
    func signOut(_ old: Session) async throws -> Session {
        try await delete(old)
        return Session(id: "", userID: nil, csrfToken: "")
    }

    /// Signs `userID` out everywhere except `keeping` (after a password change).
    func endOtherSessions(of userID: Int64, keeping: Session) async throws {
        try await database.write { db in
            try await db.execute("DELETE FROM \(Self.table) WHERE userID = ? AND idHash != ?", [userID, Self.storedKey(keeping.id)])
        }
    }

    private func delete(_ session: Session) async throws {
        guard session.isStored else { return }
        try await database.write { db in
            try await db.execute("DELETE FROM \(Self.table) WHERE idHash = ?", [Self.storedKey(session.id)])
        }
    }

    // MARK: - Tokens

    /// 32 random bytes from the system's secure generator, as 64 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {  // one system call per 8 bytes, not per byte
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Digests.hex(bytes)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
