import Foundation

// MARK: - MemberAccounts

/// The SQL ``Members`` runs on the app's ``MemberTable``: identifiers from the table's
/// declaration (checked plain at init), values always as arguments.
struct MemberAccounts: Sendable {
    let table: MemberTable
    let database: TesseraDatabase

    private var quotedTable: String { database.dialect.quoted(table.name) }
    private func quoted(_ column: String) -> String { database.dialect.quoted(column) }

    /// The id and hash of the member named `username` (compared lowercase), or nil.
    func credentials(username: String) async throws -> (id: Int64, hash: String)? {
        let sql = "SELECT \(quoted(table.id)), \(quoted(table.passwordHash)) FROM \(quotedTable) WHERE \(quoted(table.username)) = ?"
        return try await database.read { db in
            try await db.fetchOne(sql, [username.lowercased()]) { (try $0[0], try $0[1]) }
        }
    }

    /// The hash of member `id`, or nil.
    func passwordHash(of id: Int64) async throws -> String? {
        let sql = "SELECT \(quoted(table.passwordHash)) FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try await database.read { db in try await db.fetchValue(String.self, sql, [id]) }
    }

    /// The id of the member whose confirmed address is `email` (compared lowercase), read in
    /// `db`'s transaction, or nil; nil too when the table keeps no addresses.
    func member(withEmail email: String, in db: SQLConnection) async throws -> Int64? {
        guard let column = table.email else { return nil }
        let sql = "SELECT \(quoted(table.id)) FROM \(quotedTable) WHERE \(quoted(column)) = ?"
        return try await db.fetchValue(Int64.self, sql, [email.lowercased()])
    }

    /// Whether member `id` exists, read in `db`'s transaction.
    func exists(_ id: Int64, in db: SQLConnection) async throws -> Bool {
        let sql = "SELECT TRUE FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try await db.fetchValue(Bool.self, sql, [id]) != nil
    }

    /// The confirmed address of member `id` read in `db`'s transaction, or nil (no member, no
    /// address, or a table without addresses).
    func email(of id: Int64, in db: SQLConnection) async throws -> String? {
        guard let column = table.email else { return nil }
        let sql = "SELECT \(quoted(column)) FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try await db.fetchValue(String?.self, sql, [id]) ?? nil
    }

    /// The shown name and confirmed address (nil for none) of member `id`, or nil for no member.
    func nameAndEmail(of id: Int64) async throws -> (name: String, email: String?)? {
        let name = table.displayName ?? table.username
        let email = table.email.map(quoted) ?? "NULL"
        let sql = "SELECT \(quoted(name)), \(email) FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try await database.read { db in try await db.fetchOne(sql, [id]) { (try $0[0], try $0[1]) } }
    }

    /// Makes `email` (lowercased) member `id`'s confirmed address in `db`'s transaction: false
    /// when another member has it.
    func setEmail(_ email: String, of id: Int64, in db: SQLConnection) async throws -> Bool {
        guard let column = table.email else { return false }
        let taken = "SELECT TRUE FROM \(quotedTable) WHERE \(quoted(column)) = ? AND \(quoted(table.id)) != ?"
        guard try await db.fetchValue(Bool.self, taken, [email.lowercased(), id]) == nil else { return false }
        try await db.execute("UPDATE \(quotedTable) SET \(quoted(column)) = ? WHERE \(quoted(table.id)) = ?", [email.lowercased(), id])
        return true
    }

    /// Stores `hash` as member `id`'s password in `db`'s transaction.
    func setPasswordHash(_ hash: String, of id: Int64, in db: SQLConnection) async throws {
        try await db.execute("UPDATE \(quotedTable) SET \(quoted(table.passwordHash)) = ? WHERE \(quoted(table.id)) = ?", [hash, id])
    }

    /// Adds a member and returns their id, or nil when `username` is taken. The look and the
    /// insert run in one write transaction, so two sign-ups for one name make one member.
    func create(username: String, displayName: String, hash: String, at date: Date) async throws -> Int64? {
        var columns = [table.username, table.passwordHash]
        var values: SQLArguments = [username, hash]
        if let column = table.displayName {
            columns.append(column)
            values.append(displayName)
        }
        for (column, value) in table.newRowValues(date) where !columns.contains(column) {
            columns.append(column)
            values.append(value)
        }
        // A name taken (first, or by a concurrent sign-up) inserts nothing and returns no id.
        let insert = """
            INSERT INTO \(quotedTable) (\(columns.map(quoted).joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT DO NOTHING RETURNING \(quoted(table.id))
            """
        let taken = "SELECT TRUE FROM \(quotedTable) WHERE \(quoted(table.username)) = ?"
        return try await database.write { db in
            guard try await db.fetchValue(Bool.self, taken, [username]) == nil else { return nil }
            return try await db.fetchValue(Int64.self, insert, values)
        }
    }

    /// The columns and the join that read the member signed in to a session in the statement
    /// that finds it, the sessions table aliased `sessions` and this table `members`: its
    /// username, then its display name (the username when the table has none).
    func readAlongSession(sessions: String, members: String) -> (columns: String, join: String) {
        let name = table.displayName ?? table.username
        return (
            ", \(members).\(quoted(table.username)), \(members).\(quoted(name))",
            " LEFT JOIN \(quotedTable) \(members) ON \(members).\(quoted(table.id)) = \(sessions).userID"
        )
    }

    /// The member `id` as templates see them, read on a page reader (synchronously, while
    /// rendering), or nil.
    func member(_ id: Int64) async throws -> CurrentMember? {
        let name = table.displayName.map(quoted) ?? quoted(table.username)
        let sql = "SELECT \(quoted(table.username)), \(name) FROM \(quotedTable) WHERE \(quoted(table.id)) = ?"
        return try await database.read(counter: nil) { db in
            try await db.fetchOne(sql, [id]) { CurrentMember(id: id, username: try $0[0], displayName: try $0[1]) }
        }
    }
}
