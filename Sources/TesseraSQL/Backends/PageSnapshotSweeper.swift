import ServiceLifecycle

// MARK: - PageSnapshotSweeper

/// Ends page readers' snapshots left open by idle connections (see ``PageReaders``) every
/// ``interval`` while any is open, until a graceful shutdown. An open snapshot keeps SQLite
/// from checkpointing the write-ahead log past it, so without this a quiet server would let the
/// log grow with every background write. While none is open it waits for one, costing nothing.
/// ``TesseraDatabase/services`` includes it on SQLite.
struct PageSnapshotSweeper: Service {
    /// The page readers it sweeps.
    let readers: PageReaders
    /// How often; default 50 ms, the snapshots' lifetime.
    let interval: Duration

    /// A sweeper of `readers` every `interval` (default 50 ms) while a snapshot is open.
    init(readers: PageReaders, interval: Duration = .milliseconds(50)) {
        self.readers = readers
        self.interval = interval
    }

    /// Sweeps on schedule until a graceful shutdown.
    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if !readers.hasOpenSnapshots {
                    await readers.firstSnapshotOpened.wait()
                    continue
                }
                try await Task.sleep(for: interval)
                readers.endIdleSnapshots()
            }
        }
    }
}
