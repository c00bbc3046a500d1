// MARK: - ModelQuery

/// A query for a model's rows, built from key paths, run on either database through
/// ``SQLConnection`` (so it is counted, and the table it reads noted, like any statement):
///
/// ```swift
/// let page = try await Klass.filter(\.level == .beginner)
///     .order(by: \.startsAt).limit(20).offset(40)
///     .all(in: db)
/// ```
///
/// A query is a value: each step returns a new one, so a named scope is a static function (or
/// property) returning one, and others build on it:
///
/// ```swift
/// extension Klass {
///     static func upcoming(after now: Date) -> ModelQuery<Klass> { filter(\.startsAt > now).order(by: \.startsAt) }
/// }
/// let soon = try await Klass.upcoming(after: .now).filter(\.level == .advanced).limit(5).all(in: db)
/// ```
public struct ModelQuery<Model: SQLModel>: Sendable {
    /// The condition rows meet, if any.
    var predicate: SQLPredicate<Model>?
    /// The order, first key first.
    var orders: [QueryOrder<Model>] = []
    /// The most rows returned.
    var limit: Int?
    /// The rows skipped first.
    var offset: Int?
    /// Whether the rows read are locked for update (PostgreSQL).
    var locksRows = false

    /// Every row of the table.
    init() {}

    // MARK: - Building

    /// Only the rows that also meet `predicate`.
    package func filter(_ predicate: SQLPredicate<Model>) -> ModelQuery {
        var query = self
        query.predicate = self.predicate.map { $0 && predicate } ?? predicate
        return query
    }

    /// Ordered by `keyPath` (after any order given before).
    package func order<Value: SQLColumnValue>(by keyPath: KeyPath<Model, Value> & Sendable, _ direction: SortDirection = .ascending) -> ModelQuery {
        var query = self
        query.orders.append(QueryOrder(column: Model.quotedColumn(keyPath), descending: direction == .descending) { $0[keyPath: keyPath].sqlValue })
        return query
    }

    /// At most `count` rows.
    public func limit(_ count: Int) -> ModelQuery {
        var query = self
        query.limit = count
        return query
    }

    /// Skipping the first `count` rows.
    public func offset(_ count: Int) -> ModelQuery {
        var query = self
        query.offset = count
        return query
    }

    /// Only the rows that come after `record` in the order given so far (a cursor: the next
    /// page after a page's last row), then by the primary key, which breaks ties.
    package func after(_ record: Model) -> ModelQuery {
        var keys = orders
        let keyColumn = SQLDialect.quote(Model.primaryKeyColumn)
        if !keys.contains(where: { $0.column == keyColumn }) {
            keys.append(QueryOrder(column: keyColumn, descending: keys.last?.descending ?? false) { $0.primaryKey.sqlValue })
        }
        var terms: [String] = []
        var arguments: [SQLValue] = []
        for (index, key) in keys.enumerated() {
            var term = keys[..<index].map { $0.column + " = ?" }
            arguments += keys[..<index].map { $0.value(record) }
            term.append(key.column + (key.descending ? " < ?" : " > ?"))
            arguments.append(key.value(record))
            terms.append("(" + term.joined(separator: " AND ") + ")")
        }
        return filter(SQLPredicate("(" + terms.joined(separator: " OR ") + ")", arguments))
    }

    /// The rows read are locked until the transaction ends (`FOR UPDATE` on PostgreSQL), so
    /// a read-then-write in ``TesseraDatabase/write(_:)`` cannot race another. SQLite writes
    /// one transaction at a time, so there it adds nothing.
    package func forUpdate() -> ModelQuery {
        var query = self
        query.locksRows = true
        return query
    }

    // MARK: - SQL

    /// `FROM … WHERE …`, and the condition's values.
    var fromClause: (sql: String, arguments: [SQLValue]) {
        guard let predicate else { return (" FROM " + Model.schema.quotedName, []) }
        return (" FROM " + Model.schema.quotedName + " WHERE " + predicate.sql, predicate.arguments)
    }

    /// The `SELECT` of `columns` for `dialect`, with the order, limit, offset and lock.
    func select(_ columns: String, in dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        let from = fromClause
        var sql = "SELECT " + columns + from.sql
        var arguments = from.arguments
        if !orders.isEmpty { sql += " ORDER BY " + orders.map(\.sql).joined(separator: ", ") }
        if let limit {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        } else if offset != nil, dialect == .sqlite {
            sql += " LIMIT -1"
        }
        if let offset {
            sql += " OFFSET ?"
            arguments.append(.integer(Int64(offset)))
        }
        if locksRows, dialect == .postgres { sql += " FOR UPDATE" }
        return (sql, SQLArguments(arguments))
    }
}

// MARK: - Starting a query

extension SQLModel {
    /// Every row, in no given order.
    package static var query: ModelQuery<Self> { ModelQuery() }

    /// The rows that meet `predicate`: `Klass.filter(\.level == .beginner)`.
    package static func filter(_ predicate: SQLPredicate<Self>) -> ModelQuery<Self> { query.filter(predicate) }

    /// Every row, ordered by `keyPath`.
    public static func order<Value: SQLColumnValue>(by keyPath: KeyPath<Self, Value> & Sendable, _ direction: SortDirection = .ascending)
        -> ModelQuery<Self>
    {
        query.order(by: keyPath, direction)
    }

    /// The row whose primary key is `key`, or nil.
    public static func find(_ key: PrimaryKey, in db: SQLConnection) async throws -> Self? {
        try await filter(SQLPredicate(SQLDialect.quote(primaryKeyColumn) + " = ?", [key.sqlValue])).first(in: db)
    }
}
