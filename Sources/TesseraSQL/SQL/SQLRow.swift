import Foundation
import GRDB
#if PostgreSQL
import PostgresNIO
#endif

// MARK: - SQLRow

/// One row of a query's result, read by column position: `title = try row[2]`, or as the
/// records its columns hold, one after another: `let (blog, author) = try row.records(Blog.self,
/// AuthorName.self)` for `SELECT blog.…, "user".displayName FROM blog JOIN "user" …`.
///
/// A row is only valid inside the `decode` closure it is handed to (on SQLite it is the
/// statement's current row, read in place without copying the row).
public struct SQLRow {
    enum Storage {
        case sqlite(Row)
        #if PostgreSQL
        case postgres(PostgresRandomAccessRow)
        #endif
    }

    let storage: Storage
    /// The first column this row reads as its column 0 (a later record of a joined row).
    private var start = 0

    init(sqlite row: Row) { storage = .sqlite(row) }

    /// How many columns the row has.
    public var count: Int {
        let all: Int
        switch storage {
        case .sqlite(let row): all = row.count
        #if PostgreSQL
        case .postgres(let row): all = row.count
        #endif
        }
        return all - start
    }

    /// The value in column `index` (from 0) as `T`; throws ``SQLDecodingError`` when it is
    /// `NULL` for a non-optional `T`, or of another type.
    public subscript<T: SQLDecodable>(_ index: Int) -> T {
        get throws { try T.decode(from: SQLColumn(row: self, index: start + index)) }
    }

    /// ``subscript(_:)`` with the type spelled out: `try row.decode(Int64.self, at: 0)`.
    public func decode<T: SQLDecodable>(_ type: T.Type, at index: Int) throws -> T {
        try T.decode(from: SQLColumn(row: self, index: start + index))
    }

    // MARK: - Records

    /// The records the row's columns hold, in order: each reads its ``SQLRecord/columnNames``
    /// after the previous one's (a join's `SELECT blog.…, "user".displayName`).
    public func records<each Record: SQLRecord>(_ types: repeat (each Record).Type) throws -> (repeat each Record) {
        var next = self
        func read<R: SQLRecord>(_ type: R.Type) throws -> R {
            let record = try R(row: next)
            next.start += R.columnNames.count
            return record
        }
        return (repeat try read(each types))
    }
}

// MARK: - SQLColumn

/// One column of a ``SQLRow``, as handed to ``SQLDecodable/decode(from:)``.
public struct SQLColumn {
    let row: SQLRow
    /// The column's position in its row, from 0.
    package let index: Int

    /// The column's value, whatever its type (for a conformance of your own; Tessera's read the
    /// driver's value in place).
    public var value: SQLValue {
        get throws {
            switch row.storage {
            case .sqlite(let row):
                switch (row[index] as DatabaseValue).storage {
                case .null: return .null
                case .int64(let value): return .integer(value)
                case .double(let value): return .real(value)
                case .string(let value): return .text(value)
                case .blob(let value): return .blob([UInt8](value))
                }
            #if PostgreSQL
            case .postgres(let row): return try postgresValue(in: row)
            #endif
            }
        }
    }

    /// Whether the value is `NULL`.
    package var isNull: Bool {
        switch row.storage {
        case .sqlite(let row): row.hasNull(atIndex: index)
        #if PostgreSQL
        case .postgres(let row): row[index].bytes == nil
        #endif
        }
    }

    /// The error for a value that is not a `type`.
    public func mismatch(_ type: Any.Type) -> SQLDecodingError {
        SQLDecodingError(column: index, type: String(describing: type), value: (try? value).map { "\($0)" } ?? "?")
    }
}

// MARK: - SQLDecodingError

/// A column that held `NULL` or a value of another type than the one asked for.
public struct SQLDecodingError: Error, CustomStringConvertible {
    /// The column's position, from 0.
    package let column: Int
    /// The Swift type asked for.
    package let type: String
    /// The value found.
    package let value: String

    public var description: String { "column \(column) holds \(value), which is not a \(type)" }
}

// MARK: - SQLDecodable

/// A Swift type a column decodes to: `Int`, `Int64`, `Double`, `String`, `Bool`, `Date`,
/// `[UInt8]`, and optionals of them (`NULL` is `nil`).
public protocol SQLDecodable {
    /// The value in `column`; throws ``SQLDecodingError`` when it is not one.
    static func decode(from column: SQLColumn) throws -> Self
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> Self {
        column.isNull ? nil : try Wrapped.decode(from: column)
    }
}

extension Int64: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> Int64 {
        switch column.row.storage {
        case .sqlite(let row):
            guard let value = row[column.index] as Int64? else { throw column.mismatch(Self.self) }
            return value
        #if PostgreSQL
        case .postgres(let row): return try column.postgresInt64(in: row)
        #endif
        }
    }
}

extension Int: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> Int {
        Int(try Int64.decode(from: column))
    }
}

extension Double: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> Double {
        switch column.row.storage {
        case .sqlite(let row):
            guard let value = row[column.index] as Double? else { throw column.mismatch(Self.self) }
            return value
        #if PostgreSQL
        case .postgres(let row): return try column.postgresDouble(in: row)
        #endif
        }
    }
}

extension String: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> String {
        switch column.row.storage {
        case .sqlite(let row):
            guard let value = row[column.index] as String? else { throw column.mismatch(Self.self) }
            return value
        #if PostgreSQL
        case .postgres(let row): return try column.postgresString(in: row)
        #endif
        }
    }
}

extension Bool: SQLDecodable {
    /// A boolean, or an integer (non-zero is true): `SELECT 1 …` and `EXISTS (…)` read alike.
    public static func decode(from column: SQLColumn) throws -> Bool {
        switch column.row.storage {
        case .sqlite(let row):
            guard let value = row[column.index] as Bool? else { throw column.mismatch(Self.self) }
            return value
        #if PostgreSQL
        case .postgres(let row): return try column.postgresBool(in: row)
        #endif
        }
    }
}

extension Date: SQLDecodable {
    /// A `timestamptz` on PostgreSQL; on SQLite, the text GRDB stores (read by integer
    /// arithmetic, see `StoredDate`) or any other form GRDB reads as a date.
    public static func decode(from column: SQLColumn) throws -> Date {
        switch column.row.storage {
        case .sqlite(let row):
            guard let value = try? row.decode(StoredDateColumn?.self, atIndex: column.index)?.date else {
                throw column.mismatch(Self.self)
            }
            return value
        #if PostgreSQL
        case .postgres(let row): return try column.postgresDate(in: row)
        #endif
        }
    }
}

extension Array: SQLDecodable where Element == UInt8 {
    public static func decode(from column: SQLColumn) throws -> [UInt8] {
        switch column.row.storage {
        case .sqlite(let row):
            guard let value = row[column.index] as Data? else { throw column.mismatch(Self.self) }
            return [UInt8](value)
        #if PostgreSQL
        case .postgres(let row): return try column.postgresBytes(in: row)
        #endif
        }
    }
}

// MARK: - SQLRecord

/// A type decoded from a whole row, by position: a store's `fetchAll(Blog.self, sql, …)`.
/// Declare one with ``SQLRecord()``, which takes the columns from the stored properties.
public protocol SQLRecord {
    /// The columns ``init(row:)`` reads, in order.
    static var columnNames: [String] { get }
    /// Decodes `row`, whose first columns are ``columnNames``, in that order.
    init(row: SQLRow) throws
}

extension SQLRecord {
    /// ``columnNames`` as a `SELECT` list: `id, title, author`.
    public static var columns: String { columnNames.joined(separator: ", ") }

    /// ``columnNames`` qualified by `table` (a name or an alias, written as given), for a
    /// `SELECT` list across a join: `book.id, book.title, book.author`.
    public static func columns(of table: String) -> String {
        columnNames.map { table + "." + $0 }.joined(separator: ", ")
    }
}
