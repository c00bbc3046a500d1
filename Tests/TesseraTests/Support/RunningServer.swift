import Foundation
import Logging
import ServiceLifecycle
import Tessera

/// Runs `app` on a real port (`configuration.port` 0 picks a free one) while `body` runs, then
/// shuts it down gracefully — the path SIGINT and SIGTERM take — and waits until it has ended.
///
/// A shutdown that takes longer than 60 seconds is escalated to cancellation by the service
/// group, which logs "Graceful shutdown took longer than allowed" to `logger`: tests of prompt
/// shutdown look for that line instead of timing anything.
func withRunningServer<App: TesseraApp, Value: Sendable>(
    _ app: App, _ configuration: TesseraConfiguration, logger: Logger? = nil, _ body: @Sendable (Int) async throws -> Value
) async throws -> Value {
    var quiet = Logger(label: "server-test")
    quiet.logLevel = .critical
    let logger = logger ?? quiet
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let application = try await app.makeApplication(configuration, logger: logger) { channel in
        continuation.yield(channel.localAddress?.port ?? 0)
    }
    var groupConfiguration = ServiceGroupConfiguration(services: [application], logger: logger)
    groupConfiguration.maximumGracefulShutdownDuration = .seconds(60)
    let group = ServiceGroup(configuration: groupConfiguration)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw POSIXError(.ECONNREFUSED) }
        let value = try await body(port)
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
        return value
    }
}
