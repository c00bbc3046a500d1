import ServiceLifecycle

// MARK: - Repeating until shutdown

/// Runs `work` every `interval` (waiting first) until a graceful shutdown (SIGTERM, SIGINT)
/// or the task's cancellation: the loop of Tessera's periodic services.
func repeatUntilGracefulShutdown(every interval: Duration, _ work: @escaping @Sendable () async -> Void) async {
    try? await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            await work()
        }
    }
}
