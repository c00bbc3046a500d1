// MARK: - ColumnKind

/// What a column holds, said once for both databases; each kind has its SQL type in each.
public enum ColumnKind: String, Sendable, Equatable, CaseIterable {
    /// `INTEGER` on SQLite, `BIGINT` on PostgreSQL.
    case integer
    /// `REAL` on SQLite, `DOUBLE PRECISION` on PostgreSQL.
    case real
    /// `TEXT` on both.
    case text
    /// `BOOLEAN` on both (SQLite stores 1 or 0).
    case boolean
    /// `DATETIME` on SQLite (UTC text), `TIMESTAMPTZ` on PostgreSQL.
    case timestamp
    /// `BLOB` on SQLite, `BYTEA` on PostgreSQL.
    case bytes

    /// The column type `dialect` is told in a table's DDL.
    package func sqlType(in dialect: SQLDialect) -> String {
        switch (self, dialect) {
        case (.integer, .sqlite): "INTEGER"
        case (.integer, .postgres): "BIGINT"
        case (.real, .sqlite): "REAL"
        case (.real, .postgres): "DOUBLE PRECISION"
        case (.text, _): "TEXT"
        case (.boolean, _): "BOOLEAN"
        case (.timestamp, _): dialect.timestamp
        case (.bytes, _): dialect.bytes
        }
    }

    /// The kind of a column `dialect` reports as `type` (SQLite's declared type,
    /// PostgreSQL's `information_schema` data type); nil for a type no kind makes.
    static func reported(_ type: String, in dialect: SQLDialect) -> ColumnKind? {
        let type = type.uppercased()
        switch dialect {
        case .sqlite:
            switch type {
            case "INTEGER", "INT", "BIGINT", "SMALLINT": return .integer
            case "REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT": return .real
            case "TEXT", "VARCHAR": return .text
            case "BOOLEAN", "BOOL": return .boolean
            case "DATETIME", "TIMESTAMP", "TIMESTAMPTZ": return .timestamp
            case "BLOB", "BYTEA": return .bytes
            default: return nil
            }
        case .postgres:
            switch type {
            case "BIGINT", "INTEGER", "SMALLINT": return .integer
            case "DOUBLE PRECISION", "REAL": return .real
            case "TEXT", "CHARACTER VARYING": return .text
            case "BOOLEAN": return .boolean
            case "TIMESTAMP WITH TIME ZONE": return .timestamp
            case "BYTEA": return .bytes
            default: return nil
            }
        }
    }

    /// The value rows already in a table get when a column that holds no `NULL` is added to it.
    var zero: SQLValue {
        switch self {
        case .integer: .integer(0)
        case .real: .real(0)
        case .text: .text("")
        case .boolean: .bool(false)
        case .timestamp: .text("1970-01-01 00:00:00")
        case .bytes: .blob([])
        }
    }
}
