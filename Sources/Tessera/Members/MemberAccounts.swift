import Foundation
import GRDB

// MARK: - MemberAccounts

/// The SQL ``Members`` runs on the app's ``MemberTable``: identifiers from the table's
/// declaration (checked plain at init), values always as arguments.
struct MemberAccounts: Sendable {
    let table: MemberTable
    let database: TesseraDatabase

    private var quotedTable: String { "\"\(table.name)\"" }
    private func quoted(_ column: String) -> String { "\"\(column)\"" }

    /// The id and hash of the member named `username` (compared lowercase), or nil.
    func credentials(username: String) async throws -> (id: Int64, hash: String)? {
        let sql = "SELECT \(quoted(table.id)), \(quoted(table.passwordHash)) FROM \(quotedTable) WHERE \(quoted(table.username)) = ?"
        return try await database.pool.read { db in
            try Row.fetchOne(db, sql: sql, arguments: [username.lowercased()]).map { ($0[0], $0[1]) }
        }
    }

    /// The hash of member `id`, or nil.
    func passwordHash(of id: Int64) async throws -> String? {
        let sql = "SELECT \(quoted(table.passwordHash)) FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try await database.pool.read { db in try String.fetchOne(db, sql: sql, arguments: [id]) }
    }

    /// Stores `hash` as member `id`'s password.
    func setPasswordHash(_ hash: String, of id: Int64) async throws {
        let sql = "UPDATE \(quotedTable) SET \(quoted(table.passwordHash)) = ? WHERE \(quoted(table.id)) = ?"
        try await database.pool.write { db in try db.execute(sql: sql, arguments: [hash, id]) }
    }

    /// Adds a member and returns their id, or nil when `username` is taken. The look and the
    /// insert run in one write transaction, so two sign-ups for one name make one member.
    func create(username: String, displayName: String, hash: String, at date: Date) async throws -> Int64? {
        var columns = [table.username, table.passwordHash]
        var values: [any DatabaseValueConvertible & Sendable] = [username, hash]
        if let column = table.displayName {
            columns.append(column)
            values.append(displayName)
        }
        for (column, value) in table.newRowValues(date) where !columns.contains(column) {
            columns.append(column)
            values.append(value)
        }
        let insert = "INSERT INTO \(quotedTable) (\(columns.map(quoted).joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        let taken = "SELECT 1 FROM \(quotedTable) WHERE \(quoted(table.username)) = ?"
        let arguments = StatementArguments(values.map { $0.databaseValue })
        return try await database.pool.write { db in
            guard try Bool.fetchOne(db, sql: taken, arguments: [username]) == nil else { return nil }
            try db.execute(sql: insert, arguments: arguments)
            return db.lastInsertedRowID
        }
    }

    /// The member `id` as templates see them, read on a page reader (synchronously, while
    /// rendering), or nil.
    func member(_ id: Int64) throws -> CurrentMember? {
        let name = table.displayName.map(quoted) ?? quoted(table.username)
        let sql = "SELECT \(quoted(table.username)), \(name) FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try database.readOnPage { db in
            try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id]).map {
                CurrentMember(id: id, username: $0[0], displayName: $0[1])
            }
        }
    }
}
