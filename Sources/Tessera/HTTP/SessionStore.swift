import Foundation
import GRDB

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
public struct SessionStore: Sendable {
    /// The table.
    static let table = "tessera_sessions"
    /// How long a signed-in session lasts: 30 days, the cookie's `Max-Age`.
    public static let memberLifetime: TimeInterval = 30 * 24 * 3600
    /// How long a visitor's session lasts: one day.
    public static let visitorLifetime: TimeInterval = 24 * 3600

    let database: TesseraDatabase

    /// A store over `database`.
    public init(database: TesseraDatabase) { self.database = database }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        CSRFTokens.registerMigration(in: &migrator)
        migrator.registerMigration("tessera.sessions.v1") { db in
            try db.create(table: table) { t in
                t.primaryKey("id", .text)
                t.column("userID", .integer)
                t.column("csrfToken", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
        }
        // Ids were stored as sent until v2: each is replaced by its hash, so no session ends.
        migrator.registerMigration("tessera.sessions.v2-hashed-ids") { db in
            let ids = try String.fetchAll(db, sql: "SELECT id FROM \(table)")
            for id in ids {
                try db.execute(sql: "UPDATE \(table) SET id = ? WHERE id = ?", arguments: [storedKey(id), id])
            }
            try db.execute(sql: "ALTER TABLE \(table) RENAME COLUMN id TO idHash")
        }
    }

    /// What the table keeps for the session whose cookie holds `id`: its SHA-256 in hex.
    static func storedKey(_ id: String) -> String { Digests.sha256Hex(id.utf8) }

    // MARK: - Sessions

    /// The session with `id`, or nil (unknown, expired at `now`, or not an id at all).
    public func find(_ id: String, now: Date = Date()) async throws -> Session? {
        guard id.utf8.count == 64, id.utf8.allSatisfy(Self.isHex) else { return nil }
        let (memberSince, visitorSince) = Self.cutoffs(now)
        return try database.readOnPage { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT userID, csrfToken FROM \(Self.table) WHERE idHash = ?
                          AND createdAt > CASE WHEN userID IS NULL THEN ? ELSE ? END
                        """), arguments: [Self.storedKey(id), visitorSince, memberSince]
            ).map { Session(id: id, userID: $0["userID"], csrfToken: $0["csrfToken"]) }
        }
    }

    /// Deletes every session expired at `now`; returns how many.
    @discardableResult
    public func sweep(now: Date = Date()) async throws -> Int {
        let (memberSince, visitorSince) = Self.cutoffs(now)
        return try await database.pool.write { db in
            try db.execute(
                sql: """
                    DELETE FROM \(Self.table)
                    WHERE (userID IS NULL AND createdAt <= ?) OR (userID IS NOT NULL AND createdAt <= ?)
                    """, arguments: [visitorSince, memberSince])
            return db.changesCount
        }
    }

    /// The creation times before which a member's and a visitor's sessions have expired at
    /// `now`, as stored text (``StoredDate``), which compares like the column.
    private static func cutoffs(_ now: Date) -> (member: String, visitor: String) {
        (StoredDate.text(now.addingTimeInterval(-memberLifetime)), StoredDate.text(now.addingTimeInterval(-visitorLifetime)))
    }

    /// A new session for `userID` (nil for a visitor), stored before it is returned.
    public func create(userID: Int64? = nil) async throws -> Session {
        let session = Session(id: Self.randomToken(), userID: userID, csrfToken: Self.randomToken())
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO \(Self.table) (idHash, userID, csrfToken, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [Self.storedKey(session.id), session.userID, session.csrfToken, Date()])
        }
        return session
    }

    /// Ends `old` and returns a new session signed in as `userID`.
    public func signIn(userID: Int64, replacing old: Session) async throws -> Session {
        try await delete(old)
        return try await create(userID: userID)
    }

    /// Ends `old` and returns the visitor session that replaces it: nothing stored, so its
    /// cookie is cleared (``SessionMiddleware/cookie(for:secure:)``).
    public func signOut(_ old: Session) async throws -> Session {
        try await delete(old)
        return Session(id: "", userID: nil, csrfToken: "")
    }

    /// Signs `userID` out everywhere except `keeping` (after a password change).
    public func endOtherSessions(of userID: Int64, keeping: Session) async throws {
        try await database.pool.write { db in
            try db.execute(
                sql: "DELETE FROM \(Self.table) WHERE userID = ? AND idHash != ?",
                arguments: [userID, Self.storedKey(keeping.id)])
        }
    }

    private func delete(_ session: Session) async throws {
        guard session.isStored else { return }
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE idHash = ?", arguments: [Self.storedKey(session.id)])
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
