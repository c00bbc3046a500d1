import Foundation

// MARK: - BackOfficeChanges

/// The back office's change log, the `back_office_changes` table: one row per change made
/// through it, written in the change's own transaction. It is the app's data (a change is seen
/// by a live page like any other), so its name is not one of Tessera's bookkeeping `tessera_*`.
enum BackOfficeChanges {
    static let table = "back_office_changes"

    /// What was done to a record.
    enum Kind: String, Sendable {
        case create, update, delete
    }

    /// One field's value before and after a change (nil: `NULL`, or no row).
    struct Field: Sendable, Equatable, Codable {
        let name: String
        let before: String?
        let after: String?
    }

    /// One logged change.
    struct Change: Sendable {
        let memberID: Int64?
        let changedAt: Date
        let kind: Kind
        let fields: [Field]
    }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.back-office-changes.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (id \(db.dialect.autoIncrementPrimaryKey), memberID BIGINT, changedAt \(db.dialect.timestamp) NOT NULL,
                  recordType TEXT NOT NULL, recordID TEXT NOT NULL, action TEXT NOT NULL, fields TEXT NOT NULL)
                """)
            try await db.execute("CREATE INDEX \(table)_on_record ON \(table) (recordType, recordID)")
        }
    }

    // MARK: - Writing

    /// Logs `kind` of change on `entry`'s record `key` by `memberID`: the fields that differ between
    /// `before` and `after` (nil: no row), in `db`'s transaction.
    static func log(
        _ kind: Kind, _ entry: BackOfficeEntry, key: String, before: BackOfficeRecord?, after: BackOfficeRecord?, by memberID: Int64?,
        in db: SQLConnection
    ) async throws {
        let fields = entry.schema.columns.compactMap { column -> Field? in
            let old = before.flatMap { BackOfficeValues.text($0[column.name]) }
            let new = after.flatMap { BackOfficeValues.text($0[column.name]) }
            return old == new && kind == .update ? nil : Field(name: column.name, before: old, after: new)
        }
        let json = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        _ = try await db.execute(
            "INSERT INTO \(table) (memberID, changedAt, recordType, recordID, action, fields) VALUES (?, ?, ?, ?, ?, ?)",
            [memberID, Date(), entry.slug, key, kind.rawValue, json])
    }

    // MARK: - Reading

    /// The changes logged for `entry`'s record `key`, newest first, at most 50.
    static func changes(of entry: BackOfficeEntry, key: String, in db: SQLConnection) async throws -> [Change] {
        try await db.fetchAll(
            "SELECT memberID, changedAt, action, fields FROM \(table) WHERE recordType = ? AND recordID = ? ORDER BY id DESC LIMIT 50",
            [entry.slug, key]
        ) { row in
            let fields = try JSONDecoder().decode([Field].self, from: Data((try row[3] as String).utf8))
            return Change(
                memberID: try row[0], changedAt: try row[1], kind: Kind(rawValue: try row[2]) ?? .update, fields: fields)
        }
    }
}
