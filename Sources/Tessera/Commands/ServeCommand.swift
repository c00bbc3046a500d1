import ArgumentParser
import Foundation
import Hummingbird
import Logging

// MARK: - ServeCommand

/// `serve`: raises the soft open-file limit to the hard one (``TesseraConfiguration/maxConnections``
/// defaults from it), checks everything (templates, the templates the code names, routes), opens
/// the database (migrating and seeding it on first run), and serves the app until SIGINT or
/// SIGTERM, which drain it (`makeServingGroup`). A problem stops it before it opens its port. Its log (a line per request) goes to
/// standard error through a ``LogBuffer``, flushed every 200 ms, at once for warnings, and at
/// shutdown.
struct ServeCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "serve", abstract: "Serve the app (creates, migrates and seeds its database if needed).")
    }

    @OptionGroup var options: AppOptions

    @Flag(help: "Development mode: reload templates when Views/ changes and tell open pages to reload (or TESSERA_ENV=development).")
    var dev = false

    func run() async throws {
        do {
            var configuration = try options.configuration()
            if dev { configuration.mode = .development }
            configuration.raisesOpenFileLimit = true
            Self.pinLocalTimeZone()
            let logBuffer = LogBuffer()
            defer { logBuffer.flush() }
            var logger = configuration.logFormat.logger(label: App().name, buffer: logBuffer)
            logger.logLevel = configuration.isDevelopment ? .debug : .info
            let (group, _) = try await App().makeServingGroup(configuration, logger: logger, services: [LogBufferFlusher(buffer: logBuffer)])
            try await group.run()
        } catch {
            throw CommandFailure.report(error)
        }
    }

    /// Names the local time zone's file in `TZ` when nothing is set, before any thread starts.
    /// swift-log's handler stamps every line (one per request) with the local time, and with
    /// `TZ` unset glibc checks `/etc/localtime` again for each stamp: a `stat` per request.
    /// Naming the same file keeps the same local time without the `stat`.
    static func pinLocalTimeZone() {
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
    }
}
