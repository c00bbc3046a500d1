import Hummingbird
import ServiceLifecycle

// MARK: - SessionSweeper

/// Deletes expired sessions in the background, once an `interval` (default an hour), for as
/// long as the server runs. Add it to the application's services.
struct SessionSweeper: Service {
    let store: SessionStore
    let interval: Duration

    /// A sweeper over `database`'s sessions.
    init(database: TesseraDatabase, interval: Duration = .seconds(3600)) {
        store = SessionStore(database: database)
        self.interval = interval
    }

    /// Sweeps, then waits, until the server shuts down; a failed sweep is tried again next time.
    func run() async throws {
        _ = try? await store.sweep()
        await repeatUntilGracefulShutdown(every: interval) { _ = try? await store.sweep() }
    }
}
