import Foundation

// MARK: - Job

/// Work to do after the response: a `Codable` value with a name, kept in the database until it
/// has run (``JobQueue``), run by the workers of any `serve` or `tessera jobs work` process.
///
/// An action enqueues it in its own transaction, so it runs only if the action commits:
///
/// ```swift
/// struct CommentMail: Job {
///     let commentID: Int64
///     func run(_ context: JobContext) async throws { … }
/// }
///
/// try await context.database.write { db in
///     let id = try await CommentStore.insert(…, into: db)
///     try await JobQueue.enqueue(CommentMail(commentID: id), in: db)
/// }
/// ```
///
/// A job that throws is tried again later (``retryDelay(afterAttempt:)``) up to ``maxAttempts``
/// times, then kept as failed (`tessera jobs failed`, `tessera jobs retry`). A job whose worker
/// died is taken again once its lease ends. So a job may run more than once: a job whose effect
/// is in the database writes it through ``JobContext/complete(_:)``, which commits it with the
/// job's completion — exactly once; a job with an effect elsewhere (a mail) gives that effect an
/// idempotency key.
public protocol Job: Codable, Sendable {
    /// The name it is stored under; default the type's name. Keep it when renaming the type:
    /// stored jobs are found by it.
    static var name: String { get }
    /// How many times it is tried in all; default 5.
    static var maxAttempts: Int { get }
    /// How long to wait before the next try after failed try `attempt` (from 1); default
    /// 2^attempt seconds, at most an hour, give or take a quarter (so many failures at once do
    /// not come back at once).
    static func retryDelay(afterAttempt attempt: Int) -> Duration

    /// Does the work; throws to be tried again.
    func run(_ context: JobContext) async throws
}

extension Job {
    public static var name: String { String(describing: Self.self) }
    public static var maxAttempts: Int { 5 }
    public static func retryDelay(afterAttempt attempt: Int) -> Duration {
        let seconds = Double(min(3600, 1 << min(attempt, 12)))
        return .milliseconds(Int64(seconds * Double.random(in: 0.75...1.25) * 1000))
    }
}
