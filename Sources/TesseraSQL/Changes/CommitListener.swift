import ServiceLifecycle

// MARK: - CommitListener

/// Keeps the database's ``TesseraDatabase/commits`` moving while the app runs
/// (``TesseraDatabase/listenForChanges()``: PostgreSQL's notices, SQLite's bell), until a
/// graceful shutdown. The live hub and the job workers wait on it.
struct CommitListener: Service {
    let database: TesseraDatabase

    func run() async throws {
        await cancelWhenGracefulShutdown { await database.listenForChanges() }
    }
}
