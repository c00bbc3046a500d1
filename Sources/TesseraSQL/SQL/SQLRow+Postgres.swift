#if PostgreSQL
import Foundation
import NIOCore
import PostgresNIO

// MARK: - Reading PostgreSQL's rows

extension SQLRow {
    init(postgres row: PostgresRandomAccessRow) { storage = .postgres(row) }
}

extension SQLColumn {
    /// The cell at ``index`` in `row`: any value as ``SQLValue``, by its PostgreSQL type.
    func postgresValue(in row: PostgresRandomAccessRow) throws -> SQLValue {
        let cell = row[index]
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .numeric: return .real(NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue)
        case .bool: return .bool(try cell.decode(Bool.self))
        case .timestamptz, .timestamp, .date: return .date(try cell.decode(Date.self))
        case .bytea: return .blob(try cell.decode(ByteBuffer.self).readableBytesView.map { $0 })
        default: return .text(try cell.decode(String.self))
        }
    }

    /// An integer: also a boolean (1 or 0), or a `NUMERIC` that holds a whole number (`SUM()`
    /// of integers).
    func postgresInt64(in row: PostgresRandomAccessRow) throws -> Int64 {
        let cell = try present(in: row, as: Int64.self)
        switch cell.dataType {
        case .bool: return try cell.decode(Bool.self) ? 1 : 0
        case .numeric:
            let value = NSDecimalNumber(decimal: try cell.decode(Decimal.self))
            guard value == NSDecimalNumber(value: value.int64Value) else { throw mismatch(Int64.self) }
            return value.int64Value
        default: return try cell.decode(Int64.self)
        }
    }

    /// A floating-point number: also an integer or a `NUMERIC`.
    func postgresDouble(in row: PostgresRandomAccessRow) throws -> Double {
        let cell = try present(in: row, as: Double.self)
        switch cell.dataType {
        case .int2, .int4, .int8: return Double(try cell.decode(Int64.self))
        case .numeric: return NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue
        default: return try cell.decode(Double.self)
        }
    }

    func postgresString(in row: PostgresRandomAccessRow) throws -> String {
        try present(in: row, as: String.self).decode(String.self)
    }

    /// A boolean: also an integer (non-zero is true).
    func postgresBool(in row: PostgresRandomAccessRow) throws -> Bool {
        let cell = try present(in: row, as: Bool.self)
        switch cell.dataType {
        case .int2, .int4, .int8: return try cell.decode(Int64.self) != 0
        default: return try cell.decode(Bool.self)
        }
    }

    func postgresDate(in row: PostgresRandomAccessRow) throws -> Date {
        try present(in: row, as: Date.self).decode(Date.self)
    }

    func postgresBytes(in row: PostgresRandomAccessRow) throws -> [UInt8] {
        Array(try present(in: row, as: [UInt8].self).decode(ByteBuffer.self).readableBytesView)
    }

    /// The cell at ``index``, or the mismatch error for `type` when it is `NULL`.
    private func present(in row: PostgresRandomAccessRow, as type: Any.Type) throws -> PostgresCell {
        let cell = row[index]
        guard cell.bytes != nil else { throw mismatch(type) }
        return cell
    }
}
#endif
