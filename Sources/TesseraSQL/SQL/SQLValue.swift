import Foundation

// MARK: - SQLValue

/// A value bound to a statement's `?` placeholder, in the form both databases take.
///
/// A date binds as SQLite's text form (`yyyy-MM-dd HH:mm:ss.SSS`, UTC, as GRDB writes it) and
/// as PostgreSQL's `timestamptz`; a `Bool` as SQLite's `1`/`0` and PostgreSQL's `boolean`.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case date(Date)
    case bool(Bool)
}

// MARK: - SQLValueConvertible

/// A Swift value that binds to a placeholder: `Int`, `Int64`, `Double`, `String`, `Bool`,
/// `Date`, `[UInt8]`, `Data`, and optionals of them (`nil` binds `NULL`).
public protocol SQLValueConvertible: Sendable {
    /// The value as bound.
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLValueConvertible {
    public var sqlValue: SQLValue { self }
}

extension Int: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int32: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
}

extension Substring: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(String(self)) }
}

extension Bool: SQLValueConvertible {
    public var sqlValue: SQLValue { .bool(self) }
}

extension Date: SQLValueConvertible {
    public var sqlValue: SQLValue { .date(self) }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }
}

extension Data: SQLValueConvertible {
    public var sqlValue: SQLValue { .blob([UInt8](self)) }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

// MARK: - SQLArguments

/// The values for a statement's `?` placeholders, in order: `[userID, limit + 1, offset]`.
public struct SQLArguments: Sendable, ExpressibleByArrayLiteral, Equatable {
    /// The values, first placeholder first.
    package var values: [SQLValue]

    /// Arguments from values already converted.
    public init(_ values: [SQLValue]) { self.values = values }

    /// Arguments from a literal list; `nil` binds `NULL`.
    public init(arrayLiteral elements: (any SQLValueConvertible)?...) {
        values = elements.map { $0?.sqlValue ?? .null }
    }

    /// Appends one more value (for statements built in a loop).
    package mutating func append(_ value: (any SQLValueConvertible)?) {
        values.append(value?.sqlValue ?? .null)
    }

    /// Appends a list's values and returns its placeholders (`?, ?, ?`), for `IN (…)`:
    ///
    /// ```swift
    /// var arguments: SQLArguments = [userID]
    /// let sql = "SELECT blogID FROM \"like\" WHERE userID = ? AND blogID IN (\(arguments.appendList(ids)))"
    /// ```
    ///
    /// Each value binds as its own `?`: nothing is written into the SQL but the marks. An empty
    /// list gives `NULL`, which no value is `IN`.
    public mutating func appendList(_ list: some Sequence<some SQLValueConvertible>) -> String {
        let before = values.count
        for value in list { values.append(value.sqlValue) }
        let count = values.count - before
        return count == 0 ? "NULL" : Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
