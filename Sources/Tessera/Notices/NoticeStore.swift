import Foundation
import GRDB
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

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tessera.notices.v1") { db in
            try db.create(table: table) { t in
                t.primaryKey("keyHash", .text)
                t.column("message", .text).notNull()
                t.column("undoURL", .text)
                t.column("undoBack", .text)
                t.column("createdAt", .double).notNull()
            }
        }
    }

    // MARK: - Posting and taking

    /// Keeps `notice` for the browser whose cookie holds `key`, replacing its pending one.
    func post(_ notice: Notice, for key: String, now: Date = Date()) async throws {
        let time = now.timeIntervalSince1970
        try await database.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO \(Self.table) (keyHash, message, undoURL, undoBack, createdAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(keyHash) DO UPDATE SET message = excluded.message, undoURL = excluded.undoURL,
                      undoBack = excluded.undoBack, createdAt = excluded.createdAt
                    """, arguments: [Self.storedKey(key), notice.message, notice.undoURL, notice.undoBack, time])
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE createdAt < ?", arguments: [time - 86_400])
        }
    }

    /// The pending notice of the browser whose cookie holds `key`, removed as it is read; nil
    /// when there is none. A look comes first, so a page without a notice writes nothing.
    func take(for key: String) async throws -> Notice? {
        let hash = Self.storedKey(key)
        let pending = try database.readOnPage { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM \(Self.table) WHERE keyHash = ?"), arguments: [hash]) ?? false
        }
        guard pending else { return nil }
        return try await database.pool.write { db in
            try Row.fetchOne(
                db, sql: "DELETE FROM \(Self.table) WHERE keyHash = ? RETURNING message, undoURL, undoBack", arguments: [hash]
            ).map { Notice($0["message"], undoURL: $0["undoURL"], undoBack: $0["undoBack"]) }
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
        guard let value = request.cookies[name]?.value, CSRFTokens.isWellFormed(value) else { return nil }
        return value
    }
}
