import Foundation
import GRDB
import Logging
import NIOPosix
import ServiceLifecycle
import Synchronization

// MARK: - TesseraDatabase

/// The app's database: a SQLite file (GRDB, WAL) by default, or a PostgreSQL server
/// (postgres-nio), opened and migrated once at start-up and shared.
///
/// Stores go through ``read(_:)`` and ``write(_:)`` with a ``SQLConnection`` and run unchanged
/// on both; per request, ``counting(into:)`` hands out views that count statements.
public final class TesseraDatabase: Sendable {
    enum Backend: Sendable {
        case sqlite(SQLiteBackend)
        #if PostgreSQL
        case postgres(PostgresBackend)
        #endif
    }

    let backend: Backend
    /// Where the data lives.
    package let location: DatabaseLocation
    /// The migrations (and seed) this process applied when it opened the database, in order;
    /// empty when none were pending.
    package var appliedWhenOpened: [String] { applied.withLock { $0 } }
    private let applied = Mutex<[String]>([])

    // MARK: - Opening

    /// Opens the database at `location` and runs `steps` in order, holding the migration lock so
    /// processes started together migrate once: PostgreSQL's advisory lock, or on SQLite a file
    /// lock beside the database (each step in an immediate transaction). PostgreSQL's
    /// connections run on `eventLoops` (nil: NIO's shared group). Tessera's public `open`
    /// functions put its own tables' steps before the app's.
    package static func open(
        _ location: DatabaseLocation, logger: Logger, eventLoops: MultiThreadedEventLoopGroup?, steps: Migrations
    ) async throws -> TesseraDatabase {
        switch location {
        case .sqlite(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try await MigrationLock.holding(for: path) {
                let sqlite = try SQLiteBackend(path: path)
                let database = TesseraDatabase(backend: .sqlite(sqlite), location: location)
                let ran = try await Migrations.run(steps.steps, on: database)
                database.applied.withLock { $0 = ran }
                try await sqlite.finishOpening()
                return database
            }
        case .postgres(let server):
            #if PostgreSQL
            try await PostgresBackend.probe(server, logger: logger)
            let backend = PostgresBackend(server, logger: logger, eventLoops: eventLoops)
            let database = TesseraDatabase(backend: .postgres(backend), location: location)
            do {
                try await backend.holdingAdvisoryLock(migrationLockKey) {
                    let ran = try await Migrations.run(steps.steps, on: database)
                    database.applied.withLock { $0 = ran }
                    try await backend.finishOpening(database)
                }
            } catch {
                backend.shutdown()
                throw error
            }
            return database
            #else
            throw PostgresLocation.NotBuilt(location: server)
            #endif
        }
    }

    private init(backend: Backend, location: DatabaseLocation) {
        self.backend = backend
        self.location = location
    }

    /// The advisory lock migrations hold on PostgreSQL (any number: it only has to be the same
    /// in every process of the app).
    static let migrationLockKey: Int64 = 0x7465_7373_6572_61

    // MARK: - Reading and writing

    /// Which database this is.
    public var dialect: SQLDialect {
        switch backend {
        case .sqlite: .sqlite
        #if PostgreSQL
        case .postgres: .postgres
        #endif
        }
    }

    /// Lends `body` a connection for reads and returns its result. On SQLite the reads share
    /// one snapshot, fresh as of the call (other processes' commits included); on PostgreSQL
    /// each statement sees what was committed before it began.
    public func read<T>(_ body: (SQLConnection) async throws -> T) async throws -> T {
        // SQLite's snapshots must look at other processes' commits first; PostgreSQL's
        // statements read what is committed by themselves (its look only serves reused
        // fragments, and would cost a round trip here).
        if case .sqlite(let sqlite) = backend { try sqlite.refresh() }
        return try await read(counter: nil, body)
    }

    /// Runs `body` in a write transaction and returns its result once committed; a thrown
    /// error rolls it back. Writes in one process take turns on SQLite.
    @discardableResult
    public func write<T>(_ body: (SQLConnection) async throws -> T) async throws -> T {
        try await write(counter: nil, claim: nil, body)
    }

    /// A read as of the request's look at other processes' commits (no look of its own).
    package func read<T>(counter: QueryCounter?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let sqlite): try await sqlite.read(counter: counter, body)
        #if PostgreSQL
        case .postgres(let postgres): try await postgres.read(counter: counter, body)
        #endif
        }
    }

    package func write<T>(counter: QueryCounter?, claim: (any WriteClaim)?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let sqlite): try await sqlite.write(counter: counter, claim: claim, body)
        #if PostgreSQL
        case .postgres(let postgres): try await postgres.write(counter: counter, claim: claim, body)
        #endif
        }
    }

    /// A view of this database that counts statements into `counter`.
    public func counting(into counter: QueryCounter) -> CountingDatabase {
        CountingDatabase(database: self, counter: counter)
    }

    // MARK: - Freshness

    /// Looks, once per request and before it reads anything, whether another process (or any
    /// connection) committed since the last look: on SQLite, page snapshots begun before are not
    /// reused after it; on both, the app data's generation (``currentGeneration``) is read
    /// again. ``DatabaseFreshnessMiddleware`` calls it.
    package func refreshFromOtherConnections() async throws {
        switch backend {
        case .sqlite(let sqlite): try sqlite.refresh()
        #if PostgreSQL
        case .postgres(let postgres): try await postgres.refresh()
        #endif
        }
    }

    /// Keeps ``commits`` moving soon after any commit, in any process, for as long as the task
    /// runs: on PostgreSQL it listens for the commits' notices (`LISTEN`, on one connection); on
    /// SQLite it looks after each ring of the database's bell (``SQLiteCommitBell``). The
    /// database's services run it.
    package func listenForChanges() async {
        switch backend {
        case .sqlite(let sqlite): await sqlite.listenForChanges()
        #if PostgreSQL
        case .postgres(let postgres): await postgres.listenForChanges()
        #endif
        }
    }

    /// The commits this process noticed, in any process, and the tasks waiting for the next:
    /// raised while ``listenForChanges()`` runs, and on SQLite by every look that finds one
    /// (``lookForCommits()``, ``refreshFromOtherConnections()``).
    package var commits: CommitSignal {
        switch backend {
        case .sqlite(let sqlite): sqlite.generation.commits
        #if PostgreSQL
        case .postgres(let postgres): postgres.commits
        #endif
        }
    }

    /// Looks at once for commits by other connections where a look is cheap and reads could be
    /// behind them (SQLite: the commit count, then `PRAGMA data_version` if it moved); on PostgreSQL, whose
    /// every read is current, it does nothing.
    package func lookForCommits() throws {
        if case .sqlite(let sqlite) = backend { try sqlite.refresh() }
    }

    /// The app data's versions as of the last look: what a reused fragment or a live page's
    /// copy read is fresh while none of its tables changed since.
    package var currentVersions: DataVersions {
        switch backend {
        case .sqlite(let sqlite): sqlite.generation.current
        #if PostgreSQL
        case .postgres(let postgres): postgres.currentVersions
        #endif
        }
    }

    /// The app data's generation as of the last look.
    package var currentGeneration: UInt64 { currentVersions.generation }

    // MARK: - Rows

    /// Whether something read at `generation` from the tables `reads` about one row, `row`, is
    /// still what reading again would give as of `versions`: no table it read changed after
    /// `generation` but those whose rows mark `row`'s table (``RowKey``), and no change since
    /// marked `row`. This holds of a read that, of each such table, reads only `row` and the
    /// rows referencing it (a post and its likes), whatever other rows changed.
    package func isUnchanged(_ row: RowKey, reads: TableSet, since generation: UInt64, in versions: DataVersions) -> Bool {
        let marking = catalog.tables(marking: row.table)
        guard !marking.isEmpty, versions.isUnchanged(reads.subtracting(marking), since: generation) else { return false }
        return rowChanges.isUnchanged(row, since: generation)
    }

    /// Whether changes mark the rows of `table` by their key (``RowKey``): an app table whose
    /// primary key is one column.
    package func marksRows(of table: String) -> Bool {
        !catalog.tables(marking: table).isEmpty
    }

    private var catalog: TableCatalog {
        switch backend {
        case .sqlite(let sqlite): sqlite.catalog
        #if PostgreSQL
        case .postgres(let postgres): postgres.catalog
        #endif
        }
    }

    private var rowChanges: RowChanges {
        switch backend {
        case .sqlite(let sqlite): sqlite.generation.rows
        #if PostgreSQL
        case .postgres(let postgres): postgres.rowChanges
        #endif
        }
    }

    // MARK: - Upkeep

    /// Ends page readers' snapshots that outlived their lifetime while idle (SQLite only; see
    /// `PageReaders`), so they do not hold the write-ahead log back. `PageSnapshotSweeper`
    /// calls it; returns how many it ended.
    @discardableResult
    package func endIdlePageSnapshots() -> Int {
        guard case .sqlite(let sqlite) = backend else { return 0 }
        return sqlite.pageReaders.endIdleSnapshots()
    }

    /// The services the database needs while the app runs: the ``CommitListener``; on
    /// PostgreSQL, the one that ends the client at shutdown; on SQLite, the page snapshot sweeper.
    package var services: [any Service] {
        switch backend {
        case .sqlite(let sqlite): [PageSnapshotSweeper(readers: sqlite.pageReaders), CommitListener(database: self)]
        #if PostgreSQL
        case .postgres(let postgres): [PostgresClientService(backend: postgres), CommitListener(database: self)]
        #endif
        }
    }

    /// Closes the connections (PostgreSQL's client ends; SQLite's close as the object goes).
    public func close() {
        #if PostgreSQL
        if case .postgres(let postgres) = backend { postgres.shutdown() }
        #endif
    }

    /// The SQLite pool, for tests and tools that use GRDB directly; nil on PostgreSQL.
    var sqlitePool: DatabasePool? {
        guard case .sqlite(let sqlite) = backend else { return nil }
        return sqlite.pool
    }

    /// The SQLite file (nil on PostgreSQL).
    var sqlitePath: String? {
        guard case .sqlite(let sqlite) = backend else { return nil }
        return sqlite.path
    }

    /// The SQLite page readers (nil on PostgreSQL).
    var pageReaders: PageReaders? {
        guard case .sqlite(let sqlite) = backend else { return nil }
        return sqlite.pageReaders
    }
}
