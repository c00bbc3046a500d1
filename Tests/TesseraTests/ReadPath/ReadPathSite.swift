import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A framework site for the read-path tests: the core fixtures' items page (or the scenes a
/// test names) mounted with sessions, a configuration the test chooses, a public folder of its
/// own, and a count of every row the database writes.
struct ReadPathSite {
    let folder: URL
    let site: Site
    let writes = RowWriteCounter()
    let scenes: [Scene.Type]

    /// A site on a new SQLite database (or on `databasePath`, to reopen one; or at `location`,
    /// say a PostgreSQL database), with `files` in its public folder, serving `scenes` (default
    /// the items page) with `templates` added to the fixtures'.
    init(
        databasePath: String? = nil, location: DatabaseLocation? = nil, files: [String: String] = ["css/app.css": "body { color: black; }"],
        layout: String? = nil, scenes: [Scene.Type] = [ItemsScene.self], templates extra: [String: String] = [:],
        logger: Logger? = nil, configure: (inout SiteConfiguration) -> Void = { _ in }
    ) async throws {
        self.scenes = scenes
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-read-\(UUID().uuidString)")
        let publicFolder = folder.appendingPathComponent("Public")
        for (path, text) in files {
            let file = publicFolder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        var templates = FixtureTemplates.all.merging(extra) { $1 }
        if let layout { templates["Layouts/Main"] = layout }
        let library = try TemplateLibrary(sources: templates.map { TemplateSource(name: $0.key, text: $0.value) })
        let database = try await TesseraDatabase.open(
            location ?? .sqlite(path: databasePath ?? folder.appendingPathComponent("read.sqlite").path)
        ) { steps in
            steps.register("items") { db in
                try await db.execute(
                    "CREATE TABLE item (id \(db.dialect.autoIncrementPrimaryKey), title TEXT NOT NULL, likes INTEGER NOT NULL DEFAULT 0)")
                for index in 1...5 { try await db.execute("INSERT INTO item (title) VALUES (?)", ["Item \(index)"]) }
            }
        }
        database.sqlitePool?.add(transactionObserver: writes, extent: .observerLifetime)
        var configuration = SiteConfiguration()
        configuration.publicDirectory = publicFolder.path
        configure(&configuration)
        var quiet = Logger(label: "read-path-test")
        quiet.logLevel = .critical
        site = try await Site(configuration: configuration, templates: library, database: database, logger: logger ?? quiet)
    }

    /// Runs `body` against the router, then removes the folder.
    func test<Value>(_ body: @Sendable (TestClient) async throws -> Value) async throws -> Value {
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = Router(context: TesseraRequestContext.self)
        site.addMiddleware(to: router)
        let group = site.sessionRoutes(on: router)
        for scene in scenes { site.mount(scene, on: group) }
        return try await InProcessServer(router: router).test(body)
    }

    /// A stored session signed in as `userID`, and its cookie.
    func member(_ userID: Int64 = 1) async throws -> (session: Session, cookie: String) {
        let session = try await SessionStore(database: site.database).create(userID: userID)
        let name = SessionMiddleware.cookieName(SessionMiddleware.cookieName, secure: site.configuration.usesTLS)
        return (session, "\(name)=\(session.id)")
    }

    /// Renames item 1 to `title` through this site's connections (another process's, to the
    /// site under test), then runs `titlesShown` twenty times at once; returns the titles they
    /// showed that are not `title` (older than the acknowledged write).
    func rename(to title: String, thenReadConcurrently titlesShown: @escaping @Sendable () async throws -> [String]) async throws
        -> [String]
    {
        try await site.database.write { db in try await db.execute("UPDATE item SET title = ? WHERE id = 1", [title]) }
        return try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<20 { group.addTask { try await titlesShown().filter { $0 != title } } }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// The number of rows in `table`.
    func rows(in table: String) async throws -> Int {
        try await site.database.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }
}

// MARK: - RowWriteCounter

/// Counts every row inserted, updated or deleted in the database it observes.
final class RowWriteCounter: TransactionObserver, Sendable {
    private let count = Mutex(0)

    /// Rows written so far.
    var value: Int { count.withLock { $0 } }

    /// Every table but the change triggers' own (the generation, the tables' and the rows' last changes),
    /// which a write's triggers update as part of it.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        ![ChangeTriggers.generationTable, ChangeTriggers.changesTable, ChangeTriggers.rowChangesTable].contains(eventKind.tableName)
    }
    func databaseDidChange(with event: DatabaseEvent) { count.withLock { $0 += 1 } }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}

extension HTTPFields {
    /// Every `Set-Cookie` value.
    var setCookies: [String] { self[values: .setCookie] }
}
