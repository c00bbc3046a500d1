import Foundation

// MARK: - Migrations

/// The schema's history: named steps, run once each, in the order registered, on SQLite and
/// PostgreSQL alike.
///
/// Tessera registers its own tables first, then the app's ``TesseraApp/migrations(_:)``, then
/// its seed. Each step runs in its own transaction with its name recorded in
/// `tessera_migrations`, while this process holds the database's migration lock (PostgreSQL:
/// an advisory lock; SQLite: a file lock beside the database, then an immediate transaction),
/// so processes started together migrate once. Never change a step that has shipped; add one.
public struct Migrations: Sendable {
    /// One named step.
    package struct Step: Sendable {
        package let identifier: String
        let body: @Sendable (SQLConnection) async throws -> Void
    }

    /// The steps, in order.
    package private(set) var steps: [Step] = []

    /// No steps.
    package init() {}

    /// Adds the step `identifier` (unique), which runs `body` in a transaction. Use one
    /// statement per `execute`, and ``SQLConnection/dialect`` where the SQL must differ.
    public mutating func register(_ identifier: String, _ body: @escaping @Sendable (SQLConnection) async throws -> Void) {
        precondition(!steps.contains { $0.identifier == identifier }, "the migration \(identifier) is registered twice")
        steps.append(Step(identifier: identifier, body: body))
    }

    /// The table recording which steps ran.
    static let table = "tessera_migrations"

    /// Runs every step not yet recorded, each in a transaction of `database` (`write`), and
    /// returns the identifiers it ran. The caller holds the migration lock.
    static func run(_ steps: [Step], on database: TesseraDatabase) async throws -> [String] {
        try await database.write { db in
            try await db.execute("CREATE TABLE IF NOT EXISTS \(table) (identifier TEXT PRIMARY KEY, position BIGINT NOT NULL, appliedAt \(db.dialect.timestamp) NOT NULL)")
            if db.dialect == .sqlite,
                try await db.fetchValue(Bool.self, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'") != nil
            {
                // Databases made before Tessera kept its own record: take GRDB's.
                try await db.execute(
                    "INSERT INTO \(table) (identifier, position, appliedAt) SELECT identifier, rowid, ? FROM grdb_migrations WHERE true ON CONFLICT DO NOTHING",
                    [Date()])
                try await db.execute("DROP TABLE grdb_migrations")
            }
        }
        var ran: [String] = []
        for step in steps {
            let applied = try await database.write { db in
                guard try await db.fetchValue(Bool.self, "SELECT 1 FROM \(table) WHERE identifier = ?", [step.identifier]) == nil else {
                    return false
                }
                try await step.body(db)
                try await db.execute("INSERT INTO \(table) (identifier, position, appliedAt) SELECT ?, COUNT(*) + 1, ? FROM \(table)", [step.identifier, Date()])
                return true
            }
            if applied { ran.append(step.identifier) }
        }
        return ran
    }

    /// The identifiers recorded, in the order they ran.
    package static func applied(in database: TesseraDatabase) async throws -> [String] {
        try await database.read { db in
            try await db.fetchValues(String.self, "SELECT identifier FROM \(table) ORDER BY position")
        }
    }
}
