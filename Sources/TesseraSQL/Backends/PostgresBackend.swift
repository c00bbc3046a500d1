#if PostgreSQL
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ServiceLifecycle

// MARK: - PostgresBackend

/// The app's data on a PostgreSQL server, through postgres-nio's `PostgresClient` (a pool of
/// ``PostgresLocation/poolSize`` connections per process).
///
/// The client runs from the moment the database opens (migrations need it before the app's
/// services start) until ``PostgresClientService`` ends it at the app's graceful shutdown.
/// Reads run each statement on its own (`READ COMMITTED`: every statement sees every write
/// committed before it began), as prepared statements (``PostgresStatementCache``); a write is
/// one transaction, of unnamed statements.
final class PostgresBackend: Sendable {
    let client: PostgresClient
    let location: PostgresLocation
    let logger: Logger
    private let running: Task<Void, Never>
    /// The app's tables, loaded once migrated (``finishOpening()``).
    let catalog = TableCatalog()
    /// The app data's versions as of the latest ``refresh()`` (only ever raised).
    private let versions = LatestVersions()
    /// Raised by each notice of a commit (``listenForChanges()``).
    let commits = CommitSignal()
    /// The per-request looks at the versions, shared among the requests asking at once.
    private let versionsLook: CoalescedLook<Void>

    /// A backend whose pool's connections live on `eventLoops` (default NIO's shared group).
    init(_ location: PostgresLocation, logger: Logger, eventLoops: MultiThreadedEventLoopGroup? = nil) {
        let configuration = location.clientConfiguration
        let client =
            if let eventLoops {
                PostgresClient(configuration: configuration, eventLoopGroup: eventLoops, backgroundLogger: logger)
            } else {
                PostgresClient(configuration: configuration, backgroundLogger: logger)
            }
        self.client = client
        self.location = location
        self.logger = logger
        versionsLook = CoalescedLook { [versions, catalog] in
            let arguments = ChangeTriggers.changesSinceArguments(known: versions.current.generation, rows: versions.rows)
            let rows = try await Self.read(on: client, logger: logger, counter: nil, catalog: nil) { db in
                try await db.fetchAll(ChangeTriggers.changesSince, SQLArguments(arguments.map(SQLValue.integer))) { row -> (Int64, String, Int64) in
                    (try row[0], try row[1], try row[2])
                }
            }
            versions.raise(ChangeTriggers.look(rows, catalog))
        }
        // Started at once, before the first lease (the client warns of a lease before `run`).
        if #available(macOS 26, *) {
            running = Task.immediate { await client.run() }
        } else {
            running = Task { await client.run() }
        }
    }

    deinit { running.cancel() }

    /// Ends the client: its connections close.
    func shutdown() {
        running.cancel()
    }

    // MARK: - Reaching the server

    /// Connects once on a connection of its own, runs `SELECT 1` and closes it: the pool's client
    /// retries a server it cannot reach for ever, so start-up asks first and stops with the
    /// server's reason (refused, no such database, wrong password) within `timeout` (10 s).
    static func probe(_ location: PostgresLocation, logger: Logger, timeout: TimeAmount = .seconds(10)) async throws {
        do {
            let configuration = try connectionConfiguration(location, timeout: timeout)
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            defer { Task { try? await connection.close() } }
            try await connection.query("SELECT 1", logger: logger)
        } catch {
            throw Unreachable(location: location, reason: Self.reason(error))
        }
    }

    /// A connection of its own to `location` (outside the pool), giving up after `timeout`.
    private static func connectionConfiguration(_ location: PostgresLocation, timeout: TimeAmount) throws -> PostgresConnection.Configuration {
        var configuration =
            if let socket = location.socketPath {
                PostgresConnection.Configuration(
                    unixSocketPath: socket, username: location.username, password: location.password, database: location.database)
            } else {
                PostgresConnection.Configuration(
                    host: location.host, port: location.port, username: location.username, password: location.password,
                    database: location.database, tls: try connectionTLS(location.tlsMode))
            }
        configuration.options.connectTimeout = timeout
        configuration.options.additionalStartupParameters = location.settings
        return configuration
    }

    /// The PostgreSQL server could not be used at start-up.
    struct Unreachable: Error, CustomStringConvertible {
        let location: PostgresLocation
        let reason: String
        var description: String { "cannot open the PostgreSQL database \(location): \(reason)" }
    }

    /// The server's own message, or the connection's failure, without the password.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    private static func connectionTLS(_ mode: String) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case "require": .require(try .init(configuration: .makeClientConfiguration()))
        case "prefer": .prefer(try .init(configuration: .makeClientConfiguration()))
        default: .disable
        }
    }

    // MARK: - Reading and writing

    func read<T>(counter: QueryCounter?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        try await Self.read(on: client, logger: logger, counter: counter, catalog: catalog, body)
    }

    /// A read on one of `client`'s connections, its queries prepared (also the generation's
    /// look, made before `self` exists).
    private static func read<T>(
        on client: PostgresClient, logger: Logger, counter: QueryCounter?, catalog: TableCatalog?, _ body: (SQLConnection) async throws -> T
    ) async throws -> T {
        try await client.withConnection { connection in
            try await body(SQLConnection(driver: .postgres(connection, logger, prepares: true), counter: counter, catalog: catalog))
        }
    }

    func write<T>(counter: QueryCounter?, claim: (any WriteClaim)?, _ body: (SQLConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            let sql = SQLConnection(driver: .postgres(connection, logger, prepares: false), counter: nil)
            try await sql.execute("BEGIN")
            do {
                let counted = SQLConnection(driver: .postgres(connection, logger, prepares: false), counter: counter, catalog: catalog)
                try await claim?.claim(in: counted)
                let result = try await body(counted)
                try await sql.execute("COMMIT")
                claim?.didCommit()
                return result
            } catch {
                _ = try? await sql.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs `body` on one connection holding the session's advisory lock `key` (waiting for
    /// it), for migrations: processes started together run them one after another. The wait
    /// has no statement timeout (another process's migrations take what they take); the lock
    /// goes with its connection if that process dies.
    func holdingAdvisoryLock<T>(_ key: Int64, _ body: () async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            let sql = SQLConnection(driver: .postgres(connection, logger, prepares: false), counter: nil)
            try await sql.execute("SET statement_timeout = 0")
            try await sql.execute("SELECT pg_advisory_lock(?)", [key])
            try await sql.execute("RESET statement_timeout")
            do {
                let result = try await body()
                try await sql.execute("SELECT pg_advisory_unlock(?)", [key])
                return result
            } catch {
                _ = try? await sql.execute("SELECT pg_advisory_unlock(?)", [key])
                throw error
            }
        }
    }

    // MARK: - Freshness

    /// Raises ``commits`` at each notice of a commit that changed the app's data or enqueued a
    /// job, in any process (`LISTEN` on ``ChangeTriggers/channel``, on one connection of its own), until the
    /// task is cancelled. Each connection, and each made again after one was lost (a second
    /// later), counts once too, so a commit made while it was not listening is not missed.
    func listenForChanges() async {
        while !Task.isCancelled {
            do {
                let configuration = try Self.connectionConfiguration(location, timeout: .seconds(10))
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                do {
                    // Cancelling closes the connection, which ends the notices.
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: ChangeTriggers.channel) { notifications in
                            self.commits.raise()
                            for try await _ in notifications { self.commits.raise() }
                        }
                    } onCancel: {
                        Task { try? await connection.close() }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning("lost PostgreSQL's change notices, listening again in 1 s: \(String(reflecting: error))")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// The app data's versions as of the latest ``refresh()``.
    var currentVersions: DataVersions { versions.current }

    /// The rows' changes as of the latest ``refresh()``.
    var rowChanges: RowChanges { versions.rows }

    /// Reads the app data's generation and the tables changed since the last look, and raises
    /// this process's versions to them, in a look begun after this call (one statement, shared
    /// with the requests asking at the same time: ``CoalescedLook``).
    func refresh() async throws {
        try await versionsLook.look()
    }

    /// After the migrations: the app tables' change triggers, and the catalog of them.
    func finishOpening(_ database: TesseraDatabase) async throws {
        try await database.write { db in
            try await ChangeTriggers.install(in: db)
            try await ChangeTriggers.load(catalog, from: db)
        }
        try await refresh()
    }
}

// MARK: - PostgresClientService

/// Ends the PostgreSQL client when the app shuts down gracefully (its connections close after
/// the requests in flight).
struct PostgresClientService: Service {
    let backend: PostgresBackend

    func run() async throws {
        try? await gracefulShutdown()
        backend.shutdown()
    }
}

// MARK: - The pool's configuration

extension PostgresLocation {
    /// The pool's configuration for this location: its socket or host, `pool` connections,
    /// its server settings on every connection, and no keep-alive pings (an idle connection
    /// costs the server nothing). The benchmarks' hand-written peers use it too.
    package var clientConfiguration: PostgresClient.Configuration {
        var configuration =
            if let socket = socketPath {
                PostgresClient.Configuration(unixSocketPath: socket, username: username, password: password, database: database)
            } else {
                PostgresClient.Configuration(
                    host: host, port: port, username: username, password: password, database: database, tls: Self.tls(tlsMode))
            }
        configuration.options.maximumConnections = poolSize
        configuration.options.additionalStartupParameters = settings
        configuration.options.keepAliveBehavior = nil
        return configuration
    }

    private static func tls(_ mode: String) -> PostgresClient.Configuration.TLS {
        switch mode {
        case "require": .require(.makeClientConfiguration())
        case "prefer": .prefer(.makeClientConfiguration())
        default: .disable
        }
    }
}
#endif
