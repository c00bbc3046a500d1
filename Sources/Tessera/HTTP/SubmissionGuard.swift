import Foundation
import Hummingbird

// MARK: - SubmissionGuard

/// Makes a form's repeated submission harmless: a double-click, a reload of a POST, or a
/// retry after a dropped connection or a killed process runs the action once.
///
/// Every page Tessera renders carries a fresh random `onceToken` (a template global); a form
/// that puts it in a hidden field named ``field`` (`_once`) is claimed, keyed by the token, the
/// session that sent it (a member's session or a visitor's nonce, through its CSRF token) and
/// the action's path, in `tessera_submissions` — **in the action's first write transaction**
/// (``FirstWriteClaim``, through the action's `context.database`). So the claim and the
/// action's first write commit together or not at all: a process killed at any instant leaves
/// either nothing (a retry runs the action) or both (a retry answers as the first did).
///
/// A repeat does not run the handler: it waits (up to ``waitLimit``) for the first to finish,
/// then answers as the first did — a `303` to where it went, or the page or fragment again. Two
/// arrivals at once may both start their handlers; the second's first write finds the claim
/// taken, rolls back and answers as a repeat. Forms without the field are not guarded. A token
/// sent by another session is another claim: it runs as a fresh submission of that session and
/// never learns where the first one went.
///
/// Claims live in the database, so several processes behind a balancer agree; rows older than
/// ``lifetime`` are deleted when others finish.
struct SubmissionGuard: Sendable {
    /// The hidden form field holding the token.
    static let field = "_once"
    /// How long a claim is remembered: one day.
    static let lifetime: TimeInterval = 24 * 3600
    /// How long a repeat waits for the first submission to finish: 5 seconds.
    static let waitLimit: Duration = .seconds(5)

    static let table = "tessera_submissions"

    let database: TesseraDatabase

    /// A guard over `database`'s claims.
    init(database: TesseraDatabase) { self.database = database }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.submissions.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (token TEXT NOT NULL, path TEXT NOT NULL, location TEXT,
                  finished BOOLEAN NOT NULL DEFAULT FALSE, createdAt \(db.dialect.timestamp) NOT NULL, PRIMARY KEY (token, path))
                """)
            try await db.execute("CREATE INDEX \(table)_on_createdAt ON \(table) (createdAt)")
        }
    }

    // MARK: - Claims

    /// What a submission's token says before its handler runs.
    enum Look: Sendable, Equatable {
        /// The form carries no token: nothing is guarded.
        case unguarded
        /// No submission claimed it yet: run the handler with a ``FirstWriteClaim`` of `token`
        /// (the claim's key: the sent token with its session).
        case fresh(token: String)
        /// A repeat: the first went to `location` (nil: it has not finished, or answered in place).
        case repeated(location: String?)
    }

    /// Looks at `token`, sent by the session whose CSRF token is `owner`, for `path`: tokens
    /// that are not 64 hex digits are ignored (the form is then unguarded), so a made-up value
    /// cannot block anything; a claimed one waits for its first submission to finish. The claim
    /// is kept under a digest of the token and `owner`, so one session's token is nothing to
    /// another's.
    func look(token sent: String?, owner: String, path: String) async throws -> Look {
        guard let sent, sent.utf8.count == 64, sent.utf8.allSatisfy(Self.isHex) else { return .unguarded }
        let token = Self.claimKey(sent, owner: owner)
        let claimed = try await database.read { db in
            try await db.fetchValue(Bool.self, "SELECT TRUE FROM \(Self.table) WHERE token = ? AND path = ?", [token, path]) != nil
        }
        guard claimed else { return .fresh(token: token) }
        return .repeated(location: try await waitForFirst(token: token, path: path))
    }

    /// Records where the first submission went (`nil`: it answered in place), and forgets
    /// claims older than ``lifetime`` at `now`.
    func finish(token: String, path: String, location: String?, now: Date = Date()) async throws {
        try await database.write { db in
            try await db.execute("UPDATE \(Self.table) SET finished = TRUE, location = ? WHERE token = ? AND path = ?", [location, token, path])
            try await db.execute("DELETE FROM \(Self.table) WHERE createdAt < ?", [now.addingTimeInterval(-Self.lifetime)])
        }
    }

    /// Forgets a claim whose submission was refused or failed, so the same form may be sent again.
    func release(token: String, path: String) async throws {
        try await database.write { db in
            try await db.execute("DELETE FROM \(Self.table) WHERE token = ? AND path = ?", [token, path])
        }
    }

    /// The key a claim is kept under: a digest of the sent token and its session's `owner`.
    static func claimKey(_ sent: String, owner: String) -> String {
        Digests.sha256Hex((owner + ":" + sent).utf8)
    }

    // MARK: - Private

    /// Polls until the first submission finished (or its claim was released), at most
    /// ``waitLimit``; returns its location.
    func waitForFirst(token: String, path: String) async throws -> String? {
        let deadline = ContinuousClock.now + Self.waitLimit
        while true {
            let claim: (finished: Bool, location: String?)? = try await database.read { db in
                try await db.fetchOne("SELECT finished, location FROM \(Self.table) WHERE token = ? AND path = ?", [token, path]) {
                    (finished: try $0[0] as Bool, location: try $0[1] as String?)
                }
            }
            guard let claim else { return nil }
            if claim.finished { return claim.location }
            if ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
