import ArgumentParser
import Foundation
import GRDB
import Hummingbird
import Logging
#if PostgreSQL
import PostgresNIO
#endif
import Tessera
import TesseraDemo

// MARK: - PeerServer

/// `tessera-bench peer --db PATH|URL`: the practical limit of the stack under Tessera, for the
/// databases compared side by side. A hand-written Hummingbird server for `/fortunes` (like
/// the shared `hb-bytes` reference): one `SELECT` (a cached statement on SQLite through GRDB, a
/// prepared statement on PostgreSQL through postgres-nio's `PostgresClient`), the extra row
/// added, sorted, and the page written by hand. Nothing of Tessera's runs in it, so what
/// PostgreSQL costs here over SQLite is the driver's and the server's, not the framework's. It
/// also serves an idle event stream (``eventStream()``).
struct PeerServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer", abstract: "Serve /fortunes by hand on SQLite (a path) or PostgreSQL (a postgres:// URL).")

    @Option(help: "A SQLite file holding the demo's Fortune table, or a postgres:// URL of a database that does.")
    var db: String

    @Option(help: "The port.")
    var port = 8090

    @Option(help: "PostgreSQL connections (the app's default pool).")
    var pool = 10

    func run() async throws {
        let logger = { var logger = Logger(label: "peer"); logger.logLevel = .warning; return logger }()
        let router = Router(context: BasicRequestContext.self)
        router.get("events") { _, _ in Self.eventStream() }
        let application: any ApplicationProtocol
        if db.hasPrefix("postgres://") || db.hasPrefix("postgresql://") {
            #if PostgreSQL
            let client = try Self.client(db, pool: pool, logger: logger)
            router.get("fortunes") { _, _ -> Response in
                var fortunes: [Fortune] = []
                for try await (id, message) in try await client.execute(AllFortunes(), logger: logger) {
                    fortunes.append(Fortune(id: id, message: message))
                }
                return Self.page(fortunes)
            }
            application = Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
                services: [client], logger: logger)
            #else
            throw ValidationError("this build has no PostgreSQL (Tessera's PostgreSQL trait)")
            #endif
        } else {
            let pool = try DatabasePool(path: db)
            router.get("fortunes") { _, _ -> Response in
                let fortunes = try await pool.read { db in
                    try Row.fetchAll(db.cachedStatement(sql: "SELECT id, message FROM Fortune")).map {
                        Fortune(id: $0[0], message: $0[1])
                    }
                }
                return Self.page(fortunes)
            }
            application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
        }
        try await application.runService()
    }

    /// `GET /events`: an event stream that sends one line and then waits, as an idle live page
    /// does: what one open stream costs Hummingbird itself, beside Tessera's
    /// (`Tests/Benchmarks/live.py --peer`).
    static func eventStream() -> Response {
        Response(status: .ok, headers: [.contentType: "text/event-stream"], body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(20))
                try await writer.write(ByteBuffer(string: ":\n\n"))
            }
            try await writer.finish(nil)
        })
    }

    /// The page: the extra fortune added, sorted by message, written by hand.
    static func page(_ fetched: [Fortune]) -> Response {
        var fortunes = fetched
        fortunes.append(Fortune(id: 0, message: "Additional fortune added at request time."))
        fortunes.sort { $0.message < $1.message }
        let bytes = HandwrittenFortunes.render(fortunes)
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

#if PostgreSQL
extension PeerServer {
    /// A pool of `pool` connections to the server `url` names (its host, or its Unix socket with
    /// `?host=/folder`), configured as Tessera configures its own.
    static func client(_ url: String, pool: Int, logger: Logger) throws -> PostgresClient {
        guard case .postgres(var location) = try DatabaseLocation(url) else { throw ValidationError("not a postgres:// URL: \(url)") }
        location.poolSize = pool
        return PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
    }

    /// `SELECT id, message FROM Fortune`, prepared once per connection.
    struct AllFortunes: PostgresPreparedStatement {
        static let sql = "SELECT id, message FROM Fortune"
        typealias Row = (Int, String)
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
#endif
