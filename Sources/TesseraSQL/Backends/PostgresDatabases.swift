import Logging

// MARK: - PostgresDatabases

/// Creating and dropping whole databases on a PostgreSQL server, for tests and tools (each test
/// gets a database of its own).
package enum PostgresDatabases {
    /// Whether this build can open PostgreSQL databases (Tessera's `PostgreSQL` trait).
    package static var isAvailable: Bool {
        #if PostgreSQL
        true
        #else
        false
        #endif
    }

    /// Creates the empty database `name` (a plain identifier) on the server `server` names
    /// (connecting to its database, say `postgres`), and returns the URL of the new one.
    package static func create(_ name: String, on server: String) async throws -> String {
        try await onServer(server) { db in try await db.execute("CREATE DATABASE \(db.dialect.quoted(name))") }
        return replacingDatabase(in: server, with: name)
    }

    /// Drops the database `name` on `server`, ending its connections first.
    package static func drop(_ name: String, on server: String) async throws {
        try await onServer(server) { db in try await db.execute("DROP DATABASE IF EXISTS \(db.dialect.quoted(name)) WITH (FORCE)") }
    }

    private static func onServer(_ server: String, _ body: (SQLConnection) async throws -> Void) async throws {
        guard case .postgres(var location) = try DatabaseLocation(server) else {
            throw PostgresLocation.Invalid(description: "\(server) is not a postgres:// URL")
        }
        #if PostgreSQL
        location.poolSize = 2
        let backend = PostgresBackend(location, logger: Logger(label: "tessera.test", factory: { _ in SwiftLogNoOpLogHandler() }))
        defer { backend.shutdown() }
        try await backend.read(counter: nil, body)
        #else
        throw PostgresLocation.NotBuilt(location: location)
        #endif
    }

    /// `server` with its path (the database) replaced by `/name`.
    static func replacingDatabase(in server: String, with name: String) -> String {
        guard let schemeEnd = server.range(of: "://"),
            let slash = server[schemeEnd.upperBound...].firstIndex(of: "/")
        else { return server + "/" + name }
        let query = server[slash...].firstIndex(of: "?").map { String(server[$0...]) } ?? ""
        return String(server[..<slash]) + "/" + name + query
    }
}
