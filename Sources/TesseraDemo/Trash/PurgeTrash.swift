import Foundation
import Tessera

// MARK: - PurgeTrash

/// Deletes for good every post that has been in the trash for 30 days, with its likes and
/// comments — a job the app's hourly schedule (``schedule``) enqueues, so it runs once an hour
/// across all processes. Its deletions commit with the job's completion: a second try finds
/// nothing left to delete.
struct PurgeTrash: Job {
    /// How long a post stays in the trash.
    static let keptFor: TimeInterval = 30 * 24 * 3600

    /// Posts trashed before this are deleted.
    let trashedBefore: Date

    func run(_ context: JobContext) async throws {
        try await context.complete { db in
            try await db.execute(
                "DELETE FROM \"like\" WHERE blogID IN (SELECT id FROM blog WHERE trashedAt IS NOT NULL AND trashedAt < ?)", [trashedBefore])
            try await db.execute("DELETE FROM blog WHERE trashedAt IS NOT NULL AND trashedAt < ?", [trashedBefore])
        }
    }

    /// Every hour, on the hour: the posts trashed 30 days before.
    static let schedule = Schedule("purge-trash", every: .seconds(3600)) { due in
        PurgeTrash(trashedBefore: due.addingTimeInterval(-keptFor))
    }
}
