import Foundation

// MARK: - SQLColumnValue

/// A Swift type a model's column holds: it binds (``SQLValueConvertible``), decodes
/// (``SQLDecodable``) and says the column's type for the table's DDL.
///
/// `Int`, `Int64`, `Int32` (integer), `Double` (real), `String` (text), `Bool` (boolean), `Date`
/// (timestamp), `[UInt8]` and `Data` (bytes), and optionals of them (a nullable column). An
/// enum backed by one of them conforms by saying so, and is stored as its raw value:
///
/// ```swift
/// enum Level: String, SQLColumnValue { case beginner, advanced }
/// ```
public protocol SQLColumnValue: SQLValueConvertible, SQLDecodable {
    /// The column's kind, the same on both databases.
    static var columnKind: ColumnKind { get }
    /// Whether the column holds `NULL` (true for optionals only).
    static var isNullable: Bool { get }
    /// The value a form field's `text` holds, read in `style`, or why it holds none (a number
    /// field given "abc"). Types a form cannot edit (bytes) refuse every text.
    static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Self, FieldTextProblem>
    /// The value as a form field holds it, in `style` (a date as `datetime-local` takes it).
    func fieldText(style: FieldTextStyle) -> String
    /// The raw values of an enum's cases, in order (a field's choices); nil for other types.
    static var fieldCases: [String]? { get }
}

extension SQLColumnValue {
    /// Not nullable.
    public static var isNullable: Bool { false }
}

extension Optional: SQLColumnValue where Wrapped: SQLColumnValue {
    public static var columnKind: ColumnKind { Wrapped.columnKind }
    public static var isNullable: Bool { true }
}

extension Int: SQLColumnValue {
    public static var columnKind: ColumnKind { .integer }
}

extension Int64: SQLColumnValue {
    public static var columnKind: ColumnKind { .integer }
}

extension Int32: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> Int32 {
        let value = try Int64.decode(from: column)
        guard let small = Int32(exactly: value) else { throw column.mismatch(Self.self) }
        return small
    }
}

extension Int32: SQLColumnValue {
    public static var columnKind: ColumnKind { .integer }
}

extension Double: SQLColumnValue {
    public static var columnKind: ColumnKind { .real }
}

extension String: SQLColumnValue {
    public static var columnKind: ColumnKind { .text }
}

extension Bool: SQLColumnValue {
    public static var columnKind: ColumnKind { .boolean }
}

extension Date: SQLColumnValue {
    public static var columnKind: ColumnKind { .timestamp }
}

extension Array: SQLColumnValue where Element == UInt8 {
    public static var columnKind: ColumnKind { .bytes }
}

extension Data: SQLDecodable {
    public static func decode(from column: SQLColumn) throws -> Data {
        Data(try [UInt8].decode(from: column))
    }
}

extension Data: SQLColumnValue {
    public static var columnKind: ColumnKind { .bytes }
}

// MARK: - Enums

extension SQLColumnValue where Self: RawRepresentable, RawValue: SQLColumnValue {
    /// The raw value's kind.
    public static var columnKind: ColumnKind { RawValue.columnKind }

    /// The raw value, bound.
    public var sqlValue: SQLValue { rawValue.sqlValue }

    /// The case whose raw value the column holds; a value no case has is a decoding error.
    public static func decode(from column: SQLColumn) throws -> Self {
        guard let value = Self(rawValue: try RawValue.decode(from: column)) else { throw column.mismatch(Self.self) }
        return value
    }
}
