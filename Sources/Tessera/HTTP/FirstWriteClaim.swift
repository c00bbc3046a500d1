import Foundation
import Synchronization

// MARK: - FirstWriteClaim

/// A submission's claim (``SubmissionGuard``), written inside the first write transaction its
/// action makes through `context.database`, before the action's own statements: the two commit
/// together or not at all. When another submission of the same token already claimed it, that
/// transaction rolls back before the action wrote anything and throws ``AlreadyClaimed``.
final class FirstWriteClaim: WriteClaim {
    /// Another submission of the token claimed it first.
    struct AlreadyClaimed: Error {}

    let token: String
    let path: String
    private let now: Date
    /// Whether the claim is committed (set when its transaction commits).
    private let committed = Mutex(false)

    /// A claim of `token` for `path`, made at `now` (default the present).
    init(token: String, path: String, now: Date = Date()) {
        self.token = token
        self.path = path
        self.now = now
    }

    /// Whether the claim committed with a write of the action.
    var isCommitted: Bool { committed.withLock { $0 } }

    /// Inserts the claim in `db`'s open write transaction, unless an earlier one of the action
    /// holds or committed it. Throws ``AlreadyClaimed`` when another submission has the token.
    func claim(in db: SQLConnection) async throws {
        guard !isCommitted else { return }
        do {
            try await db.execute("INSERT INTO \(SubmissionGuard.table) (token, path, createdAt) VALUES (?, ?, ?)", [token, path, now])
        } catch let error as SQLError where error.kind == .uniqueViolation {
            throw AlreadyClaimed()
        }
    }

    /// Marks the claim as committed: the transaction that made it committed.
    func didCommit() {
        committed.withLock { $0 = true }
    }
}
