// MARK: - HasManyThrough

/// Records joined to one through a join record: a class's students through its bookings.
/// Loaded for a whole list in one statement (the join record's table joined in):
///
/// ```swift
/// extension Klass {
///     static let students = HasManyThrough<Klass, Booking, Student>(\.classID, \.studentID)
/// }
/// let students = try await Klass.students.load(for: classes, in: db)   // [classID: [Student]]
/// ```
package struct HasManyThrough<Source: SQLModel, Join: SQLModel, Target: SQLModel>: Sendable {
    /// The join record's column holding the source's key.
    let sourceColumn: String
    /// The join record's column holding the target's key.
    let targetColumn: String

    /// The targets whose key a join record's `targetKey` holds, for the sources whose key its
    /// `sourceKey` holds.
    package init(_ sourceKey: KeyPath<Join, Source.PrimaryKey>, _ targetKey: KeyPath<Join, Target.PrimaryKey>) {
        sourceColumn = Join.column(sourceKey)
        targetColumn = Join.column(targetKey)
    }

    /// The targets of each of `sources`, by the source's primary key, each list in the
    /// targets' key order, in one statement.
    package func load(for sources: [Source], in db: SQLConnection) async throws -> [Source.PrimaryKey: [Target]] {
        let keys = AssociationKeys.distinct(sources.map(\.primaryKey))
        guard !keys.isEmpty else { return [:] }
        let target = Target.schema.quotedName
        let join = Join.schema.quotedName
        let selected = Target.schema.columns.map { target + "." + SQLDialect.quote($0.name) }.joined(separator: ", ")
        let source = join + "." + SQLDialect.quote(sourceColumn)
        var arguments = SQLArguments([])
        let marks = arguments.appendList(keys)
        let sql = "SELECT " + selected + ", " + source + " FROM " + target + " JOIN " + join + " ON " + join + "."
            + SQLDialect.quote(targetColumn) + " = " + target + "." + SQLDialect.quote(Target.primaryKeyColumn) + " WHERE " + source
            + " IN (" + marks + ") ORDER BY " + source + ", " + target + "." + SQLDialect.quote(Target.primaryKeyColumn)
        let rows = try await db.fetchAll(sql, arguments) { row -> (Source.PrimaryKey, Target) in
            (try row[Target.columnNames.count], try Target(row: row))
        }
        var grouped: [Source.PrimaryKey: [Target]] = [:]
        for (key, record) in rows { grouped[key, default: []].append(record) }
        return grouped
    }
}
