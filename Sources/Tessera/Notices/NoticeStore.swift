import Foundation
import Hummingbird

// MARK: - NoticeStore

/// Pending ``Notice``s, one per browser (`tessera_notices`), keyed by a SHA-256: of the stored
/// session's id for a member, of the browser's `tessera_notice` cookie for a visitor. Posting replaces the pending one; taking it deletes it in
/// the statement that reads it (`DELETE … RETURNING`), so it is shown exactly once even when two
/// pages ask at once, on any process sharing the database. Notices older than a day are deleted
/// when another is posted.
struct NoticeStore: Sendable {
    /// The table.
    static let table = "tessera_notices"
    /// The cookie naming the browser's pending notice (with `__Host-` under TLS).
    static let cookieName = "tessera_notice"
    /// How long the cookie lasts: ten minutes, time enough to follow a redirect.
    static let cookieMaxAge = 600

    let database: TesseraDatabase

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.notices.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (keyHash TEXT PRIMARY KEY NOT NULL, message TEXT NOT NULL, undoURL TEXT, undoBack TEXT,
                  createdAt DOUBLE PRECISION NOT NULL)
                """)
        }
    }

    // MARK: - Posting and taking

    /// Keeps `notice` for the browser whose cookie holds `key`, replacing its pending one.
    func post(_ notice: Notice, for key: String, now: Date = Date()) async throws {
        let time = now.timeIntervalSince1970
        try await database.write { db in
            try await db.execute(
                """
                INSERT INTO \(Self.table) (keyHash, message, undoURL, undoBack, createdAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(keyHash) DO UPDATE SET message = excluded.message, undoURL = excluded.undoURL,
                  undoBack = excluded.undoBack, createdAt = excluded.createdAt
                """, [Self.storedKey(key), notice.message, notice.undoURL, notice.undoBack, time])
            try await db.execute("DELETE FROM \(Self.table) WHERE createdAt < ?", [time - 86_400])
        }
    }

    /// The pending notice of the browser whose cookie holds `key`, removed as it is read; nil
    /// when there is none. A look comes first, so a page without a notice writes nothing.
    func take(for key: String) async throws -> Notice? {
        let hash = Self.storedKey(key)
        let pending = try await database.read(counter: nil) { db in
            try await db.fetchValue(Bool.self, "SELECT TRUE FROM \(Self.table) WHERE keyHash = ?", [hash]) ?? false
        }
        guard pending else { return nil }
        return try await database.write { db in
            try await db.fetchOne("DELETE FROM \(Self.table) WHERE keyHash = ? RETURNING message, undoURL, undoBack", [hash]) {
                Notice(try $0[0], undoURL: try $0[1], undoBack: try $0[2])
            }
        }
    }

    // MARK: - Keys

    /// What the table keeps for `key` (a session's id or a notice cookie's value).
    static func storedKey(_ key: String) -> String { Digests.sha256Hex(("notice:" + key).utf8) }

    /// The keys whose notices `session`'s request may see, in order: the stored session's, then
    /// the visitor's cookie (a notice posted just before signing in).
    static func keys(for session: Session, _ request: Request, secure: Bool) -> [String] {
        (session.isStored ? [session.id] : []) + (key(in: request, secure: secure).map { [$0] } ?? [])
    }

    /// The key a request's cookies name, if well formed (64 lowercase hex digits).
    static func key(in request: Request, secure: Bool) -> String? {
        let name = SessionMiddleware.cookieName(cookieName, secure: secure)
        guard let value = request.cookieValue(name), CSRFTokens.isWellFormed(value) else { return nil }
        return value
    }
}
