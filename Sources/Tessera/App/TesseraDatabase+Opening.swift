import Foundation
import Logging
import NIOPosix

// MARK: - Opening

extension TesseraDatabase {
    /// Opens the database at `location` and runs Tessera's migrations, then `migrations` (the
    /// app's, in order), holding the migration lock so processes started together migrate
    /// once: PostgreSQL's advisory lock, or on SQLite a file lock beside the database (each
    /// step in an immediate transaction).
    ///
    /// - Parameters:
    ///   - location: a SQLite path, or a PostgreSQL server (`DatabaseLocation`).
    ///   - logger: the PostgreSQL client's logger (default: none).
    ///   - migrations: registers the app's steps; they run after Tessera's own.
    package static func open(
        _ location: DatabaseLocation, logger: Logger = Logger(label: "tessera.database", factory: { _ in SwiftLogNoOpLogHandler() }),
        migrations: (inout Migrations) -> Void = { _ in }
    ) async throws -> TesseraDatabase {
        try await open(location, logger: logger, eventLoops: nil, migrations: migrations)
    }

    /// A SQLite database at `path` (see ``open(_:logger:migrations:)``).
    package static func open(path: String, migrations: (inout Migrations) -> Void = { _ in }) async throws -> TesseraDatabase {
        try await open(.sqlite(path: path), migrations: migrations)
    }

    /// ``open(_:logger:migrations:)``, with PostgreSQL's connections on `eventLoops` (the
    /// server's own, when the app serves: a process then runs one set of I/O threads, and a
    /// page's statements do not wake threads of their own); nil for NIO's shared group.
    static func open(
        _ location: DatabaseLocation, logger: Logger, eventLoops: MultiThreadedEventLoopGroup?, migrations: (inout Migrations) -> Void
    ) async throws -> TesseraDatabase {
        try await open(location, logger: logger, eventLoops: eventLoops, steps: steps(migrations))
    }

    /// Tessera's steps, then those `migrations` registers: what opening applies.
    package static func steps(_ migrations: (inout Migrations) -> Void) -> Migrations {
        var steps = Migrations()
        registerOwnMigrations(in: &steps)
        migrations(&steps)
        return steps
    }

    /// Tessera's own tables, before the app's.
    private static func registerOwnMigrations(in steps: inout Migrations) {
        AnalyticsRecorder.registerMigration(in: &steps)
        SessionStore.registerMigration(in: &steps)
        AttemptThrottle.registerMigration(in: &steps)
        SubmissionGuard.registerMigration(in: &steps)
        NoticeStore.registerMigration(in: &steps)
        StoredFiles.registerMigration(in: &steps)
        JobQueue.registerMigration(in: &steps)
        Schedule.registerMigration(in: &steps)
        ProbeJob.registerMigration(in: &steps)
        ChangeTriggers.registerMigrations(in: &steps)
        MemberTokens.registerMigration(in: &steps)
        MemberRoles.registerMigration(in: &steps)
        BackOfficeChanges.registerMigration(in: &steps)
    }
}
