// MARK: - Saving a changeset

extension Changeset {
    /// What a person reads when a unique column's value is another row's already.
    package static var takenMessage: String { "This is taken already: choose another." }

    /// Inserts the record and returns it as stored (its new key, the database's defaults), or
    /// throws ``ChangesetRefused`` when something is wrong: found by the checks before any
    /// statement, or a unique column's clash in the database (another insert that came first),
    /// which becomes that column's problem. Run it inside a write and catch the refusal outside
    /// it: on PostgreSQL a refused statement ends the transaction.
    public func insert(in db: SQLConnection) async throws -> Model {
        guard isValid else { throw ChangesetRefused(self) }
        let key = try await saving { try await record.insert(in: db) }
        guard let stored = try await Model.find(key, in: db) else { throw ChangesetRefused(self) }
        return stored
    }

    /// Writes the columns that changed (`changedColumns`) to the row with the record's key
    /// and returns the row as stored; throws ``ChangesetRefused`` when something is wrong (as
    /// ``insert(in:)`` does) or the row is gone (the problem's ``ModelProblems/message``).
    /// Nothing changed: no statement but the read.
    public func update(in db: SQLConnection) async throws -> Model {
        guard isValid else { throw ChangesetRefused(self) }
        let changed = Model.modelFields.filter { $0.value(of: record) != $0.value(of: base) }
        if !changed.isEmpty {
            let assignments = changed.map { SQLDialect.quote($0.name) + " = ?" }.joined(separator: ", ")
            let sql = "UPDATE " + Model.schema.quotedName + " SET " + assignments + " WHERE " + SQLDialect.quote(Model.primaryKeyColumn)
                + " = ?"
            let arguments = SQLArguments(changed.map { $0.value(of: record) } + [base.primaryKey.sqlValue])
            let count = try await saving { try await db.execute(sql, arguments) }
            if count == 0 { throw gone() }
        }
        guard let stored = try await Model.find(record.primaryKey, in: db) else { throw gone() }
        return stored
    }

    // MARK: - Clashes

    /// Runs `write`, turning a unique column's clash into a refusal naming that column.
    private func saving<Result>(_ write: () async throws -> Result) async throws -> Result {
        do {
            return try await write()
        } catch let error as SQLError where error.kind == .uniqueViolation {
            var refused = self
            if let column = Self.clashingColumn(in: error.message) {
                refused.refuse(column, Self.takenMessage)
            } else {
                refused.problems.message = "Another record holds one of these values already."
            }
            throw ChangesetRefused(refused)
        }
    }

    /// The unique column a database's message names: SQLite's `UNIQUE constraint failed:
    /// klass.title`, PostgreSQL's `… unique constraint "klass_on_title"` (or `"klass_pkey"`).
    static func clashingColumn(in message: String) -> String? {
        let table = Model.tableName
        let text = message.lowercased()
        for field in Model.modelFields where field.column.isUnique || field.name == Model.primaryKeyColumn {
            let sqlite = (table + "." + field.name).lowercased()
            let index = "\"" + TableSchema.indexName(table: table, column: field.name) + "\""
            if text.contains(sqlite) || text.contains(index) { return field.name }
        }
        if text.contains("\"" + table.lowercased() + "_pkey\"") { return Model.primaryKeyColumn }
        return nil
    }

    /// The refusal of a change to a row that is no longer there.
    private func gone() -> ChangesetRefused<Model> {
        var refused = self
        refused.problems.message = "This record is no longer there: it may have been deleted."
        return ChangesetRefused(refused)
    }
}
