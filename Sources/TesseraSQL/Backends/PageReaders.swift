import Dispatch
import GRDB
import Synchronization

// MARK: - PageReaders

/// The read-only connections pages read through, each statement on the request's own thread
/// (see ``CountingDatabase/read(_:)``).
///
/// A read takes a free connection, runs in a read transaction (one snapshot of the database,
/// as in a `DatabasePool` read), and gives the connection back before it returns. Each
/// statement runs synchronously on the calling thread (no hop to a reader's queue and back); a
/// read waiting for a connection is suspended, so it never holds a thread.
///
/// **Snapshots are kept between reads.** Beginning and ending a transaction cost a page read
/// more than a short query (two statements, and a lock and an unlock of the write-ahead log's
/// read mark: system calls). So a connection's transaction stays open after a read, and the
/// next read on it uses the same snapshot, unless:
/// - the process committed a write since it began (``invalidateSnapshots()``, called by the
///   database's writer after every commit): a read always sees every write this process
///   committed before the read began, so a page after a form shows what the form did;
/// - it began ``snapshotLifetime`` ago or more: writes by another process (a second server on
///   the same file, a migration, the `sqlite3` shell) show within that time;
/// - a read on it failed.
///
/// An idle connection's snapshot would keep the write-ahead log from being checkpointed, so
/// ``endIdleSnapshots()`` ends the ones older than their lifetime (``PageSnapshotSweeper`` calls
/// it on that schedule).
///
/// Written by hand rather than taken from a second `DatabasePool` because a page makes several
/// short reads and the pool's bookkeeping dominated them: a profile of `/blogs/1` spent about
/// a tenth of the request checking a reader out (a generic key path built on every checkout)
/// and parsing `BEGIN`/`COMMIT`. Here the transaction statements are prepared once per
/// connection.
final class PageReaders: Sendable {
    // MARK: - State

    private let connections: [DatabaseQueue]
    /// What each connection's open snapshot is; only the holder of the connection touches it.
    private let snapshots: [Snapshot]
    /// Connections no read holds, and reads waiting for one.
    private let slots: AsyncSlots
    /// Bumped after every write this process commits: snapshots begun under an older value
    /// are not reused.
    private let generation = Atomic<UInt64>(1)
    /// How long a snapshot is reused at most; default 50 ms.
    let snapshotLifetime: Duration
    /// ``snapshotLifetime`` in nanoseconds.
    private let lifetimeNanoseconds: UInt64
    /// Nanoseconds on a monotonic clock (tests pass their own).
    private let now: @Sendable () -> UInt64
    /// The app's tables, which name what each read read.
    private let catalog: TableCatalog?
    /// How many connections hold a snapshot open.
    private let openSnapshots = Atomic<Int>(0)
    /// Rung when a snapshot opens while none was: the sweeper waits for it.
    let firstSnapshotOpened = Doorbell()

    /// A connection's open read transaction: the generation it began under (0: none open) and
    /// when. Only the read holding the connection touches it (``AsyncSlots`` hands a connection
    /// to one read at a time), hence unchecked.
    private final class Snapshot: @unchecked Sendable {
        var generation: UInt64 = 0
        var began: UInt64 = 0
        /// Whether the read holding the connection has checked this snapshot yet.
        var checked = false
    }

    // MARK: - Opening

    /// Opens `count` read-only connections (default GRDB's reader count, 5) to the database at
    /// `path`, with `configuration` made read-only, whose snapshots live at most
    /// `snapshotLifetime` (default 50 ms) by the clock `now` (default the system's monotonic
    /// clock, in nanoseconds), naming what reads read by `catalog`. The database must exist and
    /// be migrated.
    init(
        path: String, configuration: Configuration, catalog: TableCatalog? = nil, count: Int? = nil,
        snapshotLifetime: Duration = .milliseconds(50),
        now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) throws {
        var readOnly = configuration
        readOnly.readonly = true
        readOnly.allowsUnsafeTransactions = true  // a snapshot stays open between reads
        let count = max(1, count ?? configuration.maximumReaderCount)
        connections = try (0..<count).map { _ in try DatabaseQueue(path: path, configuration: readOnly) }
        snapshots = (0..<count).map { _ in Snapshot() }
        slots = AsyncSlots(count: count)
        self.snapshotLifetime = snapshotLifetime
        lifetimeNanoseconds = UInt64(max(0, snapshotLifetime.nanoseconds))
        self.now = now
        self.catalog = catalog
    }

    // MARK: - Reading

    /// Lends `body` a connection in a read-only snapshot, waiting (suspended, holding no
    /// thread) if every connection is lent, and returns its result. The snapshot holds every
    /// write this process committed before the call. A thrown error ends the snapshot.
    func read<T>(counter: QueryCounter?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        let index = await slots.take()
        defer { slots.give(index) }
        snapshots[index].checked = false
        do {
            return try await body(SQLConnection(driver: .sqliteReader(self, index), counter: counter, catalog: catalog))
        } catch {
            let snapshot = snapshots[index]
            try? connections[index].inDatabase { db in
                closed(snapshot)
                if db.isInsideTransaction { try db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
            }
            throw error
        }
    }

    /// Runs `block` synchronously on connection `index` (which the caller holds), in a snapshot
    /// that is current: on the read's first statement, a snapshot begun under an older
    /// generation, or too long ago, is replaced.
    func inSnapshot<T>(_ index: Int, _ block: (Database) throws -> T) throws -> T {
        let snapshot = snapshots[index]
        return try connections[index].inDatabase { db in
            if !snapshot.checked {
                let current = generation.load(ordering: .acquiring)
                let time = now()
                if snapshot.generation != current || !isYoung(snapshot, at: time) || !db.isInsideTransaction {
                    try end(snapshot, db)
                    try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
                    (snapshot.generation, snapshot.began) = (current, time)
                    if openSnapshots.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == 1 { firstSnapshotOpened.ring() }
                }
                snapshot.checked = true
            }
            return try block(db)
        }
    }

    // MARK: - Ending snapshots

    /// Makes every open snapshot stale: the next read on each connection begins a new one. Call
    /// it after each commit (``TesseraDatabase`` does, for every write through its pool).
    func invalidateSnapshots() {
        generation.add(1, ordering: .releasing)
    }

    /// The current write generation: it changes after every commit through the pool.
    var currentGeneration: UInt64 { generation.load(ordering: .acquiring) }

    /// Ends the snapshots of idle connections that began ``snapshotLifetime`` ago or more, or
    /// under an older generation, so none holds the write-ahead log back. Returns how many it
    /// ended. Connections in use are left to their readers.
    @discardableResult
    func endIdleSnapshots() -> Int {
        let taken = slots.takeAllFree()
        defer { for index in taken { slots.give(index) } }
        let (current, time) = (generation.load(ordering: .acquiring), now())
        var ended = 0
        for index in taken where snapshots[index].generation != 0 {
            let snapshot = snapshots[index]
            guard snapshot.generation != current || !isYoung(snapshot, at: time) else { continue }
            try? connections[index].inDatabase { db in try end(snapshot, db) }
            ended += 1
        }
        return ended
    }

    /// Whether `snapshot` began less than ``snapshotLifetime`` before `time`.
    private func isYoung(_ snapshot: Snapshot, at time: UInt64) -> Bool {
        time &- snapshot.began < lifetimeNanoseconds
    }

    /// Ends `db`'s open transaction, if any (a read-only one: committing it only releases it).
    private func end(_ snapshot: Snapshot, _ db: Database) throws {
        closed(snapshot)
        if db.isInsideTransaction { try db.cachedStatement(sql: "COMMIT TRANSACTION").execute() }
    }

    /// Marks `snapshot` as none.
    private func closed(_ snapshot: Snapshot) {
        guard snapshot.generation != 0 else { return }
        snapshot.generation = 0
        openSnapshots.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// Whether any connection holds a snapshot open.
    var hasOpenSnapshots: Bool { openSnapshots.load(ordering: .acquiring) > 0 }
}
