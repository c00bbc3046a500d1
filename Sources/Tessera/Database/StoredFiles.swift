import Foundation
import GRDB

// MARK: - StoredFiles

/// Files the app keeps (uploads), in the site's database (`tessera_files`): every process
/// sharing the database serves a file any of them stored, with no folder to share or sync, and a
/// backup of the database is a backup of the files. Names are the app's to choose (say random,
/// with an extension); a name is stored once.
public struct StoredFiles: Sendable {
    /// A stored file.
    public struct File: Sendable, Equatable {
        /// The bytes.
        public let bytes: [UInt8]
        /// The `Content-Type` it was stored with.
        public let contentType: String
    }

    static let table = "tessera_files"

    let database: TesseraDatabase

    /// The files of `database`.
    public init(database: TesseraDatabase) { self.database = database }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tessera.files.v1") { db in
            try db.create(table: table) { t in
                t.primaryKey("name", .text)
                t.column("contentType", .text).notNull()
                t.column("bytes", .blob).notNull()
                t.column("createdAt", .double).notNull()
            }
        }
    }

    /// Stores `bytes` as `name` with `contentType`; throws if `name` is taken.
    public func save(_ bytes: [UInt8], name: String, contentType: String) async throws {
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO \(Self.table) (name, contentType, bytes, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [name, contentType, Data(bytes), Date().timeIntervalSince1970])
        }
    }

    /// The file `name`, or nil.
    public func file(named name: String) async throws -> File? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT contentType, bytes FROM \(Self.table) WHERE name = ?", arguments: [name]).map {
                File(bytes: [UInt8]($0["bytes"] as Data), contentType: $0["contentType"])
            }
        }
    }

    /// The names of every stored file, in order.
    public func names() async throws -> [String] {
        try await database.pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM \(Self.table) ORDER BY name") }
    }
}
