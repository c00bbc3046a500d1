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

/// Runs `work` `interval` after each ring of `doorbell` (rings in between join that run) until a
/// graceful shutdown or the task's cancellation: the loop of a periodic service that sleeps, and
/// costs nothing, while there is nothing to do.
func repeatWhenRung(_ doorbell: Doorbell, after interval: Duration, _ work: @escaping @Sendable () async -> Void) async {
    try? await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            await doorbell.wait()
            try await Task.sleep(for: interval)
            await work()
        }
    }
}
