import Foundation
import GRDB

// MARK: - TesseraDatabase

/// The app's SQLite database: one GRDB `DatabasePool` (WAL) per file, migrated at open.
///
/// Tessera registers its own tables (analytics) before the app's migrations. Open it once at
/// start-up and share it; per request, hand out ``CountingDatabase`` views that count queries.
public final class TesseraDatabase: Sendable {
    /// The pool every writer, and every reader outside a page, goes through.
    public let pool: DatabasePool
    /// Read-only connections for pages' reads, which run synchronously on the request's thread
    /// (see ``CountingDatabase/read(_:)``). Kept apart from ``pool`` so that no asynchronous
    /// read ever holds one of them: a thread waiting here waits only for reads already running
    /// on other threads, so it cannot deadlock. Their snapshots are reused until a write
    /// commits through ``pool`` (``SnapshotInvalidator``) or for at most 50 ms.
    let pageReaders: PageReaders
    /// The file the database lives in.
    public let path: String
    /// What other connections committed (``refreshFromOtherConnections()``), and the app data's
    /// generation that reused fragments are valid for.
    let generation: DataGeneration

    /// Opens (creating if needed) the database at `path`, runs Tessera's and the app's
    /// migrations in order — holding ``MigrationLock``, so processes started together migrate
    /// and seed once — and creates the folder it lives in.
    ///
    /// - Parameters:
    ///   - path: the SQLite file.
    ///   - migrations: registers the app's migrations; runs after Tessera's own.
    public init(path: String, migrations: (inout DatabaseMigrator) -> Void = { _ in }) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // Acknowledged writes reach the disk before the request answers.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        self.path = path
        var migrator = DatabaseMigrator()
        AnalyticsRecorder.registerMigration(in: &migrator)
        SessionStore.registerMigration(in: &migrator)
        AttemptThrottle.registerMigration(in: &migrator)
        SubmissionGuard.registerMigration(in: &migrator)
        NoticeStore.registerMigration(in: &migrator)
        StoredFiles.registerMigration(in: &migrator)
        DataGeneration.registerMigration(in: &migrator)
        migrations(&migrator)
        pool = try MigrationLock.holding(for: path) {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrator.migrate(pool)
            try pool.write { db in try DataGeneration.installTriggers(in: db) }
            return pool
        }
        pageReaders = try PageReaders(path: path, configuration: configuration)
        generation = try DataGeneration(path: path, configuration: configuration)
        pool.add(transactionObserver: SnapshotInvalidator(readers: pageReaders), extent: .databaseLifetime)
    }

    /// Ends page readers' snapshots that outlived their lifetime while idle (see
    /// ``PageReaders``), so they do not hold the write-ahead log back. ``PageSnapshotSweeper``
    /// calls it; returns how many it ended.
    @discardableResult
    public func endIdlePageSnapshots() -> Int {
        pageReaders.endIdleSnapshots()
    }

    /// Looks, once per request and before it reads anything, whether any connection (another
    /// process's among them) committed since the last look; if one did, no page snapshot begun
    /// before is reused. ``DatabaseFreshnessMiddleware`` calls it.
    @_spi(Benchmarks) public func refreshFromOtherConnections() throws {
        try generation.refresh { pageReaders.invalidateSnapshots() }
    }

    /// Runs `block` synchronously on one of the page readers (see ``pageReaders``): for short
    /// reads on the request path that are not counted (the session lookup).
    func readOnPage<T>(_ block: (Database) throws -> T) throws -> T {
        try pageReaders.read(block)
    }

    /// A view of this database that counts statements into `counter`.
    public func counting(into counter: QueryCounter) -> CountingDatabase {
        CountingDatabase(pool: pool, pageReaders: pageReaders, counter: counter)
    }
}

// MARK: - SnapshotInvalidator

/// Tells the page readers, after every commit through the pool (an explicit transaction or a
/// single statement), that their open snapshots are out of date. It observes no changes, only
/// commits, so it costs a write one atomic add.
final class SnapshotInvalidator: TransactionObserver, @unchecked Sendable {
    private let readers: PageReaders

    init(readers: PageReaders) { self.readers = readers }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { readers.invalidateSnapshots() }
    func databaseDidRollback(_ db: Database) {}
}
