import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Tessera

@testable import TesseraDemo

/// A demo site on a fresh temporary database, with the repository's `Views/` and `Public/`.
struct TestSite {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let folder: URL
    let configuration: DemoConfiguration
    let site: Site

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-test-\(UUID().uuidString)")
        var configuration = DemoConfiguration()
        configuration.databasePath = folder.appendingPathComponent("test.sqlite").path
        configuration.uploadsDirectory = folder.appendingPathComponent("uploads").path
        configuration.viewsDirectory = Self.repository.appendingPathComponent("Views").path
        configuration.publicDirectory = Self.repository.appendingPathComponent("Public").path
        self.configuration = configuration
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        site = try DemoApp.makeSite(configuration, logger: logger)
    }

    /// Runs `body` against the app's router, then deletes the database folder.
    func test<Value>(
        _ mode: TestingSetup = .router, _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = Application(
            router: DemoApp.makeRouter(site: site),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "Tessera Community"))
        return try await app.test(mode, body)
    }
}

extension TestResponse {
    /// The body as a string.
    var text: String { String(buffer: body) }
}
