import Foundation

// MARK: - DatabaseLocation

/// Where the app's data lives: a SQLite file (the default, nothing to install) or a
/// PostgreSQL server.
///
/// Parsed from `--db` or `TESSERA_DATABASE`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` (or
/// `postgresql://`) is PostgreSQL; anything else is a SQLite file's path. A PostgreSQL URL's
/// query may set `pool` (connections per process, default 10), `sslmode` (`disable`, the
/// default, `prefer` or `require`), and any server setting for the connections, such as
/// `statement_timeout=5s` (default `30s`).
///
/// A server on the same machine is reached faster through its Unix socket, named as libpq
/// names it: a `host` query item that is a folder, `postgres://USER@/DB?host=/var/run/postgresql`
/// (the port, default 5432, picks the socket `.s.PGSQL.PORT` in that folder; `sslmode` does not
/// apply to a socket).
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    /// Parses `text` (see the type's description); throws for a PostgreSQL URL that is not
    /// one (no host, no database, a port that is not a number).
    package init(_ text: String) throws {
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            self = .sqlite(path: text)
            return
        }
        self = .postgres(try PostgresLocation(url: text))
    }

    /// The path, or the URL without its password: safe to print.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let location): location.description
        }
    }
}

// MARK: - PostgresLocation

/// A PostgreSQL server, database and account, from a `postgres://` URL.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address (empty when it is reached through ``socketFolder``).
    package var host: String
    /// The folder holding the server's Unix socket, when it is reached through it (the URL's
    /// `host` query item, as libpq reads it); nil for TCP.
    package var socketFolder: String?
    /// The server's port; for a socket, the number in its file's name.
    package var port: Int
    package var username: String
    package var password: String?
    package var database: String
    /// Connections each process keeps at most (`pool`, default 10).
    package var poolSize: Int
    /// `sslmode`: `disable` (default), `prefer` or `require`.
    package var tlsMode: String
    /// Server settings for every connection (the URL's other query items), in order.
    package var settings: [(String, String)]

    /// What the URL gave is invalid.
    package struct Invalid: Error, CustomStringConvertible {
        package let description: String
    }

    /// The app was built without Tessera's `PostgreSQL` trait, so it cannot open this database.
    package struct NotBuilt: Error, CustomStringConvertible {
        /// The database asked for.
        package let location: PostgresLocation

        package var description: String {
            """
            cannot open the PostgreSQL database \(location): this app was built without PostgreSQL. \
            Name Tessera's "PostgreSQL" trait in the app's Package.swift \
            (.package(url: …, from: …, traits: ["PostgreSQL"])) and build again
            """
        }
    }

    init(url text: String) throws {
        guard let components = URLComponents(string: text) else {
            throw Invalid(description: "the database URL is not a URL: postgres://USER[:PASSWORD]@HOST[:PORT]/DB")
        }
        // libpq's `host` item: a folder is the socket's, a name replaces the URL's host.
        let hostItem = components.queryItems?.last { $0.name == "host" }?.value ?? ""
        socketFolder = hostItem.hasPrefix("/") ? hostItem : nil
        host = socketFolder != nil ? "" : hostItem.isEmpty ? components.host ?? "" : hostItem
        guard !host.isEmpty || socketFolder != nil else {
            throw Invalid(description: "the database URL has no host: postgres://USER[:PASSWORD]@HOST[:PORT]/DB")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw Invalid(description: "the database URL names no database: postgres://USER[:PASSWORD]@HOST[:PORT]/DB")
        }
        port = components.port ?? 5432
        username = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        self.database = database.removingPercentEncoding ?? database
        poolSize = 10
        tlsMode = "disable"
        settings = []
        var timeout = "30s"
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "pool":
                guard let size = Int(value), (2...1000).contains(size) else {
                    throw Invalid(description: "the database URL's pool is \(value): give a number of connections from 2 to 1000")
                }
                poolSize = size
            case "sslmode":
                guard ["disable", "prefer", "require"].contains(value) else {
                    throw Invalid(description: "the database URL's sslmode is \(value): give disable, prefer or require")
                }
                tlsMode = value
            case "statement_timeout": timeout = value
            case "host": break
            case "port":
                guard let number = Int(value), (1...65535).contains(number) else {
                    throw Invalid(description: "the database URL's port is \(value): give a number from 1 to 65535")
                }
                port = number
            default: settings.append((item.name, value))
            }
        }
        settings.insert(("statement_timeout", timeout), at: 0)
    }

    /// The URL without its password or options: safe to print.
    public var description: String {
        if let socketFolder { return "postgres://\(username)@/\(database)?host=\(socketFolder)&port=\(port)" }
        return "postgres://\(username)@\(host):\(port)/\(database)"
    }

    /// The server's socket file, when it is reached through one.
    var socketPath: String? { socketFolder.map { "\($0)/.s.PGSQL.\(port)" } }

    public static func == (lhs: PostgresLocation, rhs: PostgresLocation) -> Bool {
        lhs.description == rhs.description && lhs.password == rhs.password && lhs.poolSize == rhs.poolSize
            && lhs.tlsMode == rhs.tlsMode && lhs.settings.map { "\($0)=\($1)" } == rhs.settings.map { "\($0)=\($1)" }
    }
}
