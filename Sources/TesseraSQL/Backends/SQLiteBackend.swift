import Foundation
import GRDB

// MARK: - SQLiteBackend

/// The app's data in one SQLite file, through GRDB: a `DatabasePool` (WAL) whose writer takes
/// every write, and ``PageReaders`` for reads.
///
/// Writes in this process take turns on an asynchronous lock (a waiting write is suspended,
/// holding no thread); each runs in an immediate transaction, so a write by another process on
/// the same file waits for it (up to the busy timeout, 10 s), and `BEGIN`, `COMMIT` and
/// `ROLLBACK` run on GRDB's writer queue, not on the request's thread.
final class SQLiteBackend: Sendable {
    let pool: DatabasePool
    let pageReaders: PageReaders
    let generation: DataGeneration
    /// Rung after each commit through ``pool``; watched while the app runs.
    let bell: SQLiteCommitBell
    /// Which looks at the database a request can skip.
    private let lookGate = SkippableLook()
    /// The app's tables, loaded by ``finishOpening()``.
    let catalog = TableCatalog()
    let path: String
    private let writeTurn = AsyncSlots(count: 1)

    /// Opens (creating if needed) the file at `path`, whose folder exists. Call
    /// ``finishOpening()`` once migrated.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.allowsUnsafeTransactions = true  // a write's statements run one call each
        configuration.prepareDatabase { db in
            // Acknowledged writes reach the disk before the request answers.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        self.path = path
        pool = try DatabasePool(path: path, configuration: configuration)
        pageReaders = try PageReaders(path: path, configuration: configuration, catalog: catalog)
        generation = try DataGeneration(path: path, configuration: configuration, catalog: catalog)
        bell = SQLiteCommitBell(databasePath: path)
        pool.add(transactionObserver: SnapshotInvalidator(readers: pageReaders, bell: bell), extent: .databaseLifetime)
    }

    /// After the migrations: the app tables' change triggers, and the catalog of them.
    func finishOpening() async throws {
        try await write(counter: nil, claim: nil) { db in
            try await ChangeTriggers.install(in: db)
            try await ChangeTriggers.load(catalog, from: db)
        }
        try refresh(always: true)
    }

    // MARK: - Reading and writing

    func read<T>(counter: QueryCounter?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        try await pageReaders.read(counter: counter, body)
    }

    func write<T>(counter: QueryCounter?, claim: (any WriteClaim)?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        let turn = await writeTurn.take()
        defer { writeTurn.give(turn) }
        do {
            try await pool.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION") }
            let connection = SQLConnection(driver: .sqliteWriter(pool), counter: counter, catalog: catalog)
            try await claim?.claim(in: connection)
            let result = try await body(connection)
            try await pool.writeWithoutTransaction { db in try db.execute(sql: "COMMIT TRANSACTION") }
            claim?.didCommit()
            return result
        } catch {
            // Synchronously: GRDB's asynchronous call throws at once in a cancelled task, which
            // would leave the transaction open and every later write of this process refused.
            Self.rollBack(pool)
            throw error
        }
    }

    /// Ends the writer's transaction, if one is open, whatever the calling task's state.
    private static func rollBack(_ pool: DatabasePool) {
        try? pool.writeWithoutTransaction { db in
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK TRANSACTION") }
        }
    }

    /// Looks whether any connection committed since the last look (see ``DataGeneration``),
    /// unless no process rang the bell since and the last look is recent (``SkippableLook``); with
    /// `always`, looks in any case.
    func refresh(always: Bool = false) throws {
        let (rings, now) = (bell.rings, SkippableLook.now())
        guard always || lookGate.needsLook(rings: rings, now: now) else { return }
        try generation.refresh { pageReaders.invalidateSnapshots() }
        lookGate.looked(rings: rings, began: now)
    }

    /// How often the database is looked at while its bell cannot be watched.
    static let lookInterval: Duration = .milliseconds(20)

    /// Looks at the database after each ring of its bell, by any process, until the task is
    /// cancelled, so ``DataGeneration/commits`` moves soon after any commit; where the bell cannot
    /// be watched, every ``lookInterval``. The commits count once when it begins (as PostgreSQL's
    /// do at each connection): a waiter then knows it listens. A look that fails is left to the
    /// next one (a request's own look reports it).
    func listenForChanges() async {
        let began = { [self] in
            _ = try? refresh(always: true)  // a commit may have come before
            generation.commits.raise()
        }
        let watched = await bell.watch(began: began) { [self] in _ = try? refresh() }
        guard !watched else { return }
        began()
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.lookInterval)
            _ = try? refresh(always: true)
        }
    }
}

// MARK: - SnapshotInvalidator

/// After every commit through the pool (an explicit transaction or a single statement), tells
/// the page readers that their open snapshots are out of date and rings the database's bell for
/// every process watching it. It observes no changes, only commits, so it costs a write one
/// atomic add and one system call. (GRDB's observer protocol is not `Sendable`; this holds only
/// `Sendable` references, hence unchecked.)
final class SnapshotInvalidator: TransactionObserver, @unchecked Sendable {
    private let readers: PageReaders
    private let bell: SQLiteCommitBell

    init(readers: PageReaders, bell: SQLiteCommitBell) {
        self.readers = readers
        self.bell = bell
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {
        readers.invalidateSnapshots()
        bell.ring()
    }
    func databaseDidRollback(_ db: Database) {}
}
