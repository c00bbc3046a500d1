import Foundation

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
        package let contentType: String
    }

    static let table = "tessera_files"

    let database: TesseraDatabase

    /// The files of `database`.
    public init(database: TesseraDatabase) { self.database = database }

    package static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.files.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (name TEXT PRIMARY KEY NOT NULL, contentType TEXT NOT NULL, bytes \(db.dialect.bytes) NOT NULL,
                  createdAt DOUBLE PRECISION NOT NULL)
                """)
        }
    }

    /// Stores `bytes` as `name` with `contentType`, in a transaction of its own; throws if
    /// `name` is taken. In an action, store a file with what refers to it instead
    /// (``save(_:name:contentType:in:)``).
    public func save(_ bytes: [UInt8], name: String, contentType: String) async throws {
        try await database.write { db in try await Self.save(bytes, name: name, contentType: contentType, in: db) }
    }

    /// Stores `bytes` as `name` with `contentType` in `db`'s open write transaction: in an
    /// action, the transaction that also writes the row naming the file (through
    /// `context.database.write`), so the file lands with it or not at all — never a file that
    /// nothing names, whatever a refused, repeated or killed submission does. Throws if `name`
    /// is taken.
    package static func save(_ bytes: [UInt8], name: String, contentType: String, in db: SQLConnection) async throws {
        try await db.execute(
            "INSERT INTO \(table) (name, contentType, bytes, createdAt) VALUES (?, ?, ?, ?)",
            [name, contentType, bytes, Date().timeIntervalSince1970])
    }

    /// The file `name`, or nil.
    public func file(named name: String) async throws -> File? {
        try await database.read { db in
            try await db.fetchOne("SELECT contentType, bytes FROM \(Self.table) WHERE name = ?", [name]) {
                File(bytes: try $0[1], contentType: try $0[0])
            }
        }
    }

    /// The names of every stored file, in order.
    public func names() async throws -> [String] {
        try await database.read { db in try await db.fetchValues(String.self, "SELECT name FROM \(Self.table) ORDER BY name") }
    }
}
