import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Tessera
import TesseraDemo

// MARK: - ServeCommand

/// `tessera serve`: opens the database (creating and seeding it on first run), checks every
/// template, and serves the site. A bad template stops it before it opens its port.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the demo community (creates and seeds its database on first run).")

    @Option(help: "The address to listen on.")
    var hostname = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "The SQLite database file; created and seeded if missing. Its folder also holds uploads.")
    var db = "data/tessera.sqlite"

    @Option(help: "The folder of Mustache templates.")
    var views = "Views"

    @Option(name: .customLong("public"), help: "The folder of static files.")
    var publicDirectory = "Public"

    @Flag(help: "Development mode: reload templates when Views/ changes and tell open pages to reload.")
    var dev = false

    func run() async throws {
        var logger = Logger(label: "tessera")
        logger.logLevel = dev ? .debug : .info
        var configuration = DemoConfiguration()
        configuration.hostname = hostname
        configuration.port = port
        configuration.databasePath = db
        configuration.uploadsDirectory = URL(fileURLWithPath: db).deletingLastPathComponent().appendingPathComponent("uploads").path
        configuration.viewsDirectory = views
        configuration.publicDirectory = publicDirectory
        configuration.isDevelopment = dev
        do {
            let app = try DemoApp.buildApplication(configuration, logger: logger)
            try await app.runService()
        } catch let errors as TemplateErrors {
            FileHandle.standardError.write(Data((errors.description + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
