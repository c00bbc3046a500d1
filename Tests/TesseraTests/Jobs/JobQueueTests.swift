import Foundation
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Jobs live in the database: enqueued with the action's transaction, run once per completion
/// by any process's workers, tried again when they fail, kept when their tries are spent, taken
/// again when their process dies — on SQLite and PostgreSQL.
@Suite("Jobs")
struct JobQueueTests {
    @Test("a job enqueued in a transaction that rolls back never exists; one that commits runs once")
    func enqueuedWithTheTransaction() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await JobFixtures.site(location)
            defer { site.database.close() }
            _ = try? await site.database.write { db in
                try await JobQueue.enqueue(RecordJob(key: 1), in: db)
                throw JobFixtures.Refusal(reason: "the action failed")
            }
            try await site.database.write { db in try await JobQueue.enqueue(RecordJob(key: 2), in: db) }
            #expect(try await JobQueue(database: site.database).pendingCount() == 1)
            try await JobFixtures.work([site])
            #expect(try await JobFixtures.effects(site.database) == [2])
        }
    }

    @Test("a unique key admits one waiting job")
    func uniqueKeys() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await JobFixtures.site(location)
            defer { site.database.close() }
            let queue = JobQueue(database: site.database)
            #expect(try await queue.enqueue(RecordJob(key: 1), uniqueKey: "digest:1") == true)
            #expect(try await queue.enqueue(RecordJob(key: 2), uniqueKey: "digest:1") == false)
            #expect(try await queue.enqueue(RecordJob(key: 3), uniqueKey: "digest:2") == true)
            try await JobFixtures.work([site])
            #expect(try await JobFixtures.effects(site.database) == [1, 3])
        }
    }

    @Test("a failing job is tried again, then kept as failed with its error, and runs again when retried")
    func failuresAreKeptAndRetried() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await JobFixtures.site(location)
            defer { site.database.close() }
            let queue = JobQueue(database: site.database)
            try await queue.enqueue(FailingJob(reason: "the mail server said no"))
            try await queue.enqueue(FlakyJob(key: 7))
            try await JobFixtures.work([site])
            #expect(try await JobFixtures.effects(site.database) == [7], "the flaky job's second try ran")
            let failed = try await queue.failed()
            #expect(failed.map(\.name) == ["FailingJob"])
            #expect(failed.first?.attempts == 2)
            #expect(failed.first?.lastError.contains("the mail server said no") == true)
            #expect(try await queue.retry() == 1)
            #expect(try await queue.pendingCount() == 1)
            try await JobFixtures.work([site])
            #expect(try await queue.failed().count == 1, "failed again after its tries")
        }
    }

    @Test("a job no worker knows fails for good, saying so")
    func unknownJobsFail() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await JobFixtures.site(location)
            defer { site.database.close() }
            try await site.database.write { db in
                try await db.execute(
                    "INSERT INTO tessera_jobs (name, arguments, runAt, enqueuedAt, maxAttempts) VALUES ('Vanished', '{}', 0, 0, 5)")
            }
            try await JobFixtures.work([site])
            #expect(try await JobQueue(database: site.database).failed().first?.lastError == "no job named Vanished is registered with the app")
        }
    }

    @Test("1,000 jobs through two processes on one database each take effect once")
    func twoProcessesRunEachJobOnce() async throws {
        try await TestDatabases.eachLocation { location in
            let first = try await JobFixtures.site(location)
            let second = try await JobFixtures.site(location)
            defer { first.database.close(); second.database.close() }
            try await first.database.write { db in
                for key in 1...1_000 { try await JobQueue.enqueue(RecordJob(key: key), in: db) }
            }
            try await JobFixtures.work([first, second])
            #expect(try await JobFixtures.effects(first.database) == Array(1...1_000))
        }
    }

    @Test("a job whose process died is taken again when its lease ends; the late try's effect is refused")
    func deadProcessesLoseTheirLeases() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await JobFixtures.site(location, lease: .milliseconds(200))
            defer { site.database.close() }
            let queue = JobQueue(database: site.database)
            try await queue.enqueue(RecordJob(key: 5))
            // A process claims it and stalls past its lease.
            let now = Date()
            let stalled = try await queue.claim(limit: 1, claim: "dead-process", now: now, leaseEnd: now + 0.2)
            #expect(stalled.count == 1)
            #expect(try await queue.claim(limit: 1, claim: "other", now: now, leaseEnd: now + 0.2).isEmpty, "held while its lease lasts")
            try await JobFixtures.work([site])
            #expect(try await JobFixtures.effects(site.database) == [5])
            let late = JobContext(site: site, id: stalled[0].id, attempt: 1, claim: "dead-process", completed: .init())
            await #expect(throws: JobLeaseLost.self) {
                try await late.complete { db in try await db.execute("INSERT INTO job_effect (key) VALUES (5)") }
            }
            #expect(try await JobFixtures.effects(site.database) == [5], "the stalled try's effect rolled back")
        }
    }

    @Test("each due time of a schedule is taken by one process; after downtime, once")
    func schedulesRunOncePerDueTime() async throws {
        try await TestDatabases.eachLocation { location in
            let schedule = Schedule("minutely", every: .seconds(60)) { due in RecordJob(key: Int(due.timeIntervalSince1970 / 60)) }
            let first = try await JobFixtures.site(location, schedules: [schedule])
            let second = try await JobFixtures.site(location, schedules: [schedule])
            defer { first.database.close(); second.database.close() }
            let due = try #require(schedule.due(at: Date(timeIntervalSince1970: 1_700_000_030)))
            #expect(due.timeIntervalSince1970 == 1_699_999_980, "due on the minute")
            async let one = schedule.take(due, in: first.database)
            async let two = schedule.take(due, in: second.database)
            let taken = try await [one, two]
            #expect(taken.filter { $0 }.count == 1, "one process takes the due time")
            #expect(try await schedule.take(due, in: first.database) == false, "never twice")
            // Ten missed minutes later, the latest due time is taken once.
            let later = due + 600
            #expect(try await schedule.take(later, in: second.database) == true)
            #expect(try await schedule.take(due + 300, in: first.database) == false, "an older due time is not taken after a newer one")
            try await JobFixtures.work([first])
            #expect(try await JobFixtures.effects(first.database) == [Int(due.timeIntervalSince1970 / 60), Int(later.timeIntervalSince1970 / 60)])
        }
    }

    @Test("an idle worker starts a job another process enqueues, and a job due later when it falls due")
    func idleWorkersWakeForNewAndDueJobs() async throws {
        try await TestDatabases.eachLocation { location in
            let working = try await JobFixtures.site(location)
            let other = try await JobFixtures.site(location)
            defer { working.database.close(); other.database.close() }
            try await JobFixtures.whileWorking(working) {
                try await JobQueue(database: working.database).enqueue(RecordJob(key: 1))
                try await JobFixtures.until(working.database, shows: [1])
                // The worker ran it and found nothing more: it waits, and looks at the jobs on
                // no timer. Only a wake-up starts these.
                try await other.database.write { db in try await JobQueue.enqueue(RecordJob(key: 2), in: db) }
                try await JobFixtures.until(working.database, shows: [1, 2])
                try await JobQueue(database: other.database).enqueue(RecordJob(key: 3), at: Date() + 0.3)
                try await JobFixtures.until(working.database, shows: [1, 2, 3])
            }
        }
    }
}
