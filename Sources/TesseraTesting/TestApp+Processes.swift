import Foundation

// MARK: - Two processes

extension TestApp {
    /// Runs `body` with two sites of the app on one new database, as two processes behind a
    /// balancer would be: on SQLite (the second site opens the first one's file), then on a new
    /// PostgreSQL database when ``TestDatabases/postgresServer`` names a server. Each is seeded
    /// once, and removed afterwards. For tests that a guard holds across processes:
    ///
    /// ```swift
    /// try await TestApp<BookClub>.onTwoProcesses { first, second in
    ///     try await first.test(keepingFiles: true) { one in
    ///         try await second.test(keepingFiles: true) { two in … }
    ///     }
    /// }
    /// ```
    ///
    /// `root` and `filePath` find the package's `Views/` as ``init(_:root:filePath:configure:)`` does.
    public static func onTwoProcesses(
        root: URL? = nil, filePath: String = #filePath, _ body: (_ first: TestApp, _ second: TestApp) async throws -> Void
    ) async throws {
        let first = try await TestApp(root: root, filePath: filePath)
        defer { first.removeFiles() }
        try await body(first, try await TestApp(reopening: first))
        try await TestDatabases.withNewPostgresDatabase { url in
            let first = try await TestApp(root: root, filePath: filePath) { $0.databasePath = url }
            let second = try await TestApp(root: root, filePath: filePath) { $0.databasePath = url }
            defer {
                first.site.database.close()
                second.site.database.close()
            }
            try await body(first, second)
        }
    }
}
