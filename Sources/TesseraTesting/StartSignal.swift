import ServiceLifecycle

// MARK: - StartSignal

/// The last service of an ``InProcessServer``'s group: a service group starts its services in
/// order, so when this one runs, every other has been started. It says so by finishing
/// `signal`, then waits for the graceful shutdown.
struct StartSignal: Service {
    /// Finished once this service runs.
    let signal: AsyncStream<Void>.Continuation

    /// Finishes `signal`, then returns at the graceful shutdown.
    func run() async throws {
        signal.finish()
        try? await gracefulShutdown()
    }
}
