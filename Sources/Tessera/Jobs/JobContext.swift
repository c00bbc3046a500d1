import Foundation
import Synchronization

// MARK: - JobContext

/// What a running job has: the site, its id and try, and a way to commit its database effect
/// together with its completion.
public struct JobContext: Sendable {
    /// The site (its database, its configuration, its services).
    public let site: Site
    /// The job's id.
    package let id: Int64
    /// Which try this is, from 1.
    package let attempt: Int
    /// The claim this try holds (its lease).
    let claim: String
    /// Whether ``complete(_:)`` committed.
    let completed: Completion
    /// The id of the request that enqueued the job (its log line's `request_id`), or nil when
    /// none did (a schedule, a command).
    public var requestID: String? = nil

    /// The site's database.
    public var database: TesseraDatabase { site.database }

    /// Runs `body` in a write transaction that also ends the job: its writes and the job's
    /// completion commit together, or neither does. If the job's lease was lost meanwhile (its
    /// process stalled past the lease and another took the job), nothing commits and the job
    /// ends without its effect here — the other try has it. Call it once, for the job's last
    /// writes.
    @discardableResult
    public func complete<T>(_ body: (SQLConnection) async throws -> T) async throws -> T {
        let result = try await database.write { db in
            let value = try await body(db)
            guard try await JobQueue.finish(id, claim: claim, in: db) else { throw JobLeaseLost(id: id) }
            return value
        }
        completed.mark()
        return result
    }

    /// Whether a try committed its completion.
    final class Completion: Sendable {
        private let done = Atomic<Bool>(false)
        func mark() { done.store(true, ordering: .releasing) }
        var isDone: Bool { done.load(ordering: .acquiring) }
    }
}

// MARK: - JobLeaseLost

/// A job's lease ended before it completed, and another try took it: this try's effect is
/// rolled back.
struct JobLeaseLost: Error, CustomStringConvertible {
    let id: Int64
    var description: String { "job \(id) lost its lease to another try; its effect was not committed" }
}
