import Foundation
import GRDB
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Analytics off the request path: a bounded queue, batches in one transaction, a flush on
/// graceful shutdown, and a retention sweep.
@Suite("Analytics writer")
struct AnalyticsWriterTests {
    private func event(_ index: Int) -> AnalyticsEvent {
        AnalyticsEvent(kind: .pageView, name: "Page", path: "/p/\(index)", status: 200)
    }

    @Test("a page view is queued, not written, until the writer flushes")
    func pageViewsWaitForTheWriter() async throws {
        let site = try await ReadPathSite()
        try await site.test { client in _ = try await client.get("/items") }
        #expect(try await site.rows(in: "tessera_events") == 0)
        #expect(site.site.analytics.count == 1)
        #expect(await AnalyticsWriter(site: site.site).flush() == 1)
        let events = try await AnalyticsRecorder(database: site.site.database).events()
        #expect(events == [AnalyticsEvent(kind: .pageView, name: "ItemsScene", path: "/items", status: 200, detail: "items-page")])
        #expect(site.site.analytics.count == 0)
    }

    @Test("a flush stores the whole batch in one transaction")
    func oneTransactionPerBatch() async throws {
        let site = try await ReadPathSite()
        let commits = CommitCounter()
        site.site.database.sqlitePool?.add(transactionObserver: commits, extent: .observerLifetime)
        for index in 0..<250 { site.site.analytics.enqueue(event(index)) }
        #expect(await AnalyticsWriter(site: site.site).flush() == 250)
        #expect(commits.value == 1)
        let events = try await AnalyticsRecorder(database: site.site.database).events()
        #expect(events.map(\.path) == (0..<250).map { "/p/\($0)" })
    }

    @Test("a batch of any size stores every field, and dates as GRDB stores them")
    func batchesKeepEveryFieldAndDate() async throws {
        let site = try await ReadPathSite()
        // Two statements of `rowsPerInsert` rows, then the rest one by one.
        let count = 2 * AnalyticsRecorder.rowsPerInsert + 23
        let start = Date(timeIntervalSinceReferenceDate: 812_345_678.9876)
        let dates = (0..<count).map { start.addingTimeInterval(Double($0) * 3_701.123_4) }
        for index in 0..<count {
            let event = AnalyticsEvent(
                kind: index % 3 == 0 ? .action : .pageView, name: "N\(index)", path: "/p/\(index)", status: 200 + index,
                detail: index % 2 == 0 ? nil : "d\(index)")
            site.site.analytics.enqueue(event, date: dates[index])
        }
        #expect(await AnalyticsWriter(site: site.site).flush() == count)
        let rows = try await site.site.database.read { db in
            try await db.fetchAll("SELECT kind, name, path, status, detail, createdAt FROM tessera_events ORDER BY id") { row in
                (kind: try row[0] as String, name: try row[1] as String, path: try row[2] as String, status: try row[3] as Int,
                 detail: try row[4] as String?, createdAt: try row[5] as Date)
            }
        }
        #expect(rows.count == count)
        for (index, row) in rows.enumerated() {
            #expect(row.kind == (index % 3 == 0 ? "action" : "page_view"))
            #expect(row.name == "N\(index)")
            #expect(row.path == "/p/\(index)")
            #expect(row.status == 200 + index)
            #expect(row.detail == (index % 2 == 0 ? nil : "d\(index)"))
            #expect(abs(row.createdAt.timeIntervalSince(dates[index])) < 0.001, "stored to the millisecond")
        }
    }

    @Test("a full queue drops events without waiting, counts them, and the writer logs the count")
    func overflowIsCountedAndLogged() async throws {
        let log = CapturedLog()
        let site = try await ReadPathSite(logger: Logger(label: "analytics") { _ in log }) { $0.analyticsQueueCapacity = 3 }
        let accepted = (0..<5).map { site.site.analytics.enqueue(event($0)) }
        #expect(accepted == [true, true, true, false, false])
        #expect(site.site.analytics.droppedCount == 2)
        #expect(await AnalyticsWriter(site: site.site).flush() == 3)
        #expect(log.messages.contains { $0.contains("dropped 2 events") })
        #expect(await AnalyticsWriter(site: site.site).flush() == 0)
        #expect(log.messages.filter { $0.contains("dropped") }.count == 1, "each drop is reported once")
    }

    @Test("a graceful shutdown stores every queued event before the writer ends")
    func gracefulShutdownFlushes() async throws {
        // An hour between flushes: only the shutdown can store these events.
        let site = try await ReadPathSite { $0.analyticsFlushInterval = .seconds(3600) }
        for index in 0..<40 { site.site.analytics.enqueue(event(index)) }
        let group = ServiceGroup(
            configuration: .init(services: [AnalyticsWriter(site: site.site)], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(try await site.rows(in: "tessera_events") == 40)
        #expect(site.site.analytics.count == 0)
    }

    @Test("a batch's worth of events is stored at once, not after the interval", .timeLimit(.minutes(1)))
    func fullBatchIsStoredAtOnce() async throws {
        // An hour between flushes: only a full batch (or the shutdown) stores events.
        let site = try await ReadPathSite {
            $0.analyticsFlushInterval = .seconds(3600)
            $0.analyticsBatchSize = 20
        }
        let commits = CommitWaiter()
        site.site.database.sqlitePool?.add(transactionObserver: commits, extent: .observerLifetime)
        let group = ServiceGroup(
            configuration: .init(services: [AnalyticsWriter(site: site.site)], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for index in 0..<19 { site.site.analytics.enqueue(event(index)) }
            #expect(try await site.rows(in: "tessera_events") == 0, "19 events are not a batch")
            site.site.analytics.enqueue(event(19))
            var committed = commits.stream.makeAsyncIterator()
            await committed.next()
            #expect(try await site.rows(in: "tessera_events") == 20)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test("the sweep deletes only events older than the retention")
    func retentionSweep() async throws {
        let site = try await ReadPathSite { $0.analyticsRetention = 7 * 24 * 3600 }
        let now = Date()
        site.site.analytics.enqueue(event(1), date: now.addingTimeInterval(-8 * 24 * 3600))
        site.site.analytics.enqueue(event(2), date: now.addingTimeInterval(-6 * 24 * 3600))
        site.site.analytics.enqueue(event(3), date: now)
        let writer = AnalyticsWriter(site: site.site)
        await writer.flush()
        #expect(await writer.sweep(now: now) == 1)
        let left = try await AnalyticsRecorder(database: site.site.database).events()
        #expect(left.map(\.path) == ["/p/2", "/p/3"])
    }
}

// MARK: - Helpers

/// Counts committed transactions.
final class CommitCounter: TransactionObserver, Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { count.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}

/// Yields once per committed transaction.
final class CommitWaiter: TransactionObserver, Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    init() { (stream, continuation) = AsyncStream.makeStream() }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { continuation.yield() }
    func databaseDidRollback(_ db: Database) {}
}

/// A log handler that keeps every message.
final class CapturedLog: LogHandler, Sendable {
    private let lines = Mutex<[String]>([])
    private let settings = Mutex<(metadata: Logger.Metadata, logLevel: Logger.Level)>(([:], .trace))
    var metadata: Logger.Metadata {
        get { settings.withLock { $0.metadata } }
        set { settings.withLock { $0.metadata = newValue } }
    }
    var logLevel: Logger.Level {
        get { settings.withLock { $0.logLevel } }
        set { settings.withLock { $0.logLevel = newValue } }
    }
    var messages: [String] { lines.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append(event.message.description) }
    }
}
