import ServiceLifecycle

// MARK: - PageSnapshotSweeper

/// Ends page readers' snapshots left open by idle connections (see ``PageReaders``) every
/// ``interval``, until a graceful shutdown. An open snapshot keeps SQLite from checkpointing
/// the write-ahead log past it, so without this a quiet server would let the log grow with
/// every background write. ``Site/backgroundServices`` includes it.
struct PageSnapshotSweeper: Service {
    /// The database whose page readers it sweeps.
    let database: TesseraDatabase
    /// How often; default 50 ms, the snapshots' lifetime.
    let interval: Duration

    /// A sweeper of `database`'s page readers every `interval` (default 50 ms).
    init(database: TesseraDatabase, interval: Duration = .milliseconds(50)) {
        self.database = database
        self.interval = interval
    }

    /// Sweeps on schedule until a graceful shutdown.
    func run() async throws {
        await repeatUntilGracefulShutdown(every: interval) { database.endIdlePageSnapshots() }
    }
}
