import Foundation
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraSQL

/// Failed jobs are kept for a while, not forever: the hourly purge deletes those past the
/// site's retention, and `purgeFailed` (what `jobs failed --purge` runs) deletes on demand.
@Suite("Failed job retention")
struct FailedJobRetentionTests {
    @Test("the purge job deletes failed jobs older than the retention and keeps newer ones and waiting ones")
    func purgeKeepsTheRecent() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await JobFixtures.site(location)
            defer { site.database.close() }
            let queue = JobQueue(database: site.database)
            try await queue.enqueue(FailingJob(reason: "old"))
            try await queue.enqueue(FailingJob(reason: "recent"))
            try await JobFixtures.work([site])
            let failed = try await queue.failed()
            try #require(failed.count == 2)
            let old = try #require(failed.first { $0.lastError.contains("old") })
            let now = Date()
            // The old one failed 31 days ago; the site keeps failed jobs 30 days.
            try await site.database.write { db in
                try await db.execute(
                    "UPDATE tessera_jobs SET failedAt = ? WHERE id = ?", [now.timeIntervalSince1970 - 31 * 86_400, old.id])
            }
            try await queue.enqueue(RecordJob(key: 1), at: now + 3600)
            try await queue.enqueue(FailedJobsPurge(due: now))
            #expect(try await site.drainJobs() == 1, "the purge ran; the record job is not due yet")
            #expect(try await queue.failed().map(\.lastError).allSatisfy { $0.contains("recent") })
            #expect(try await queue.failed().count == 1)
            #expect(try await queue.pendingCount() == 1, "a waiting job is never purged")
            #expect(try await queue.purgeFailed(before: nil) == 1)
            #expect(try await queue.failed().isEmpty)
        }
    }

    @Test("the purge is among the scheduled work wherever jobs run, unless failed jobs are kept for good")
    func scheduled() async throws {
        #expect(SiteConfiguration().failedJobRetention == .seconds(30 * 86_400))
        #expect(FailedJobsPurge.schedule.name == "tessera.purge-failed-jobs")
        #expect(FailedJobsPurge.schedule.timing == .every(.seconds(3600)))
        let environment = try TesseraConfiguration.fromEnvironment(["TESSERA_FAILED_JOB_RETENTION": "forever"])
        #expect(environment.failedJobRetention == .some(nil))
        let days = try TesseraConfiguration.fromEnvironment(["TESSERA_FAILED_JOB_RETENTION": "1.5"])
        #expect(days.failedJobRetention == .some(.seconds(129_600)))
        #expect(throws: ConfigurationError.self) { try TesseraConfiguration.fromEnvironment(["TESSERA_FAILED_JOB_RETENTION": "-1"]) }
    }
}
