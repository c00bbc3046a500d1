// MARK: - SchemaPlan

/// What would change to bring a database's tables to its models' schemas: the changes
/// `migrate --plan` prints, and a written migration applies. Only the models' tables are
/// compared (tables of hand-written migrations are left alone); empty when in sync.
package struct SchemaPlan: Sendable, Equatable {
    /// The changes, in the order they apply.
    package let changes: [SchemaChange]

    /// Whether the database already matches the models.
    package var isEmpty: Bool { changes.isEmpty }

    /// Compares `schemas` with the tables of `db`.
    package static func compare(_ schemas: [TableSchema], with db: SQLConnection) async throws -> SchemaPlan {
        var changes: [SchemaChange] = []
        for schema in schemas {
            changes += Self.changes(from: try await ExistingTable.read(schema.name, in: db), to: schema)
        }
        return SchemaPlan(changes: changes)
    }

    /// Compares `models`' schemas with the tables of `db`.
    package static func compare(_ models: [any SQLModel.Type], with db: SQLConnection) async throws -> SchemaPlan {
        try await compare(models.map { $0.schema }, with: db)
    }

    // MARK: - One table

    /// The changes from `existing` (nil: no such table) to `schema`: indexes dropped, columns
    /// dropped, added and altered, then indexes made.
    static func changes(from existing: ExistingTable?, to schema: TableSchema) -> [SchemaChange] {
        guard let existing else { return [.createTable(schema)] }
        let table = schema.name
        let wanted = schema.indexes
        let ours = TableSchema.indexName(table: table, column: "")
        var changes: [SchemaChange] = existing.indexes.sorted()
            .filter { name in name.hasPrefix(ours) && !wanted.contains { $0.name == name } }
            .map { .dropIndex($0) }
        changes += existing.columns.filter { schema.column($0.name) == nil }.map { .dropColumn($0.name, table: table) }
        changes += schema.columns.filter { existing.column($0.name) == nil }.map { .addColumn($0, table: table) }
        for column in schema.columns where column.name != schema.primaryKey {
            guard let found = existing.column(column.name) else { continue }
            if found.kind != column.kind || found.isNullable != column.isNullable { changes.append(.alterColumn(column.name, table: schema)) }
        }
        for index in wanted where !existing.indexes.contains(index.name) {
            if let column = schema.column(index.column) { changes.append(.createIndex(column, table: table)) }
        }
        return changes
    }
}
