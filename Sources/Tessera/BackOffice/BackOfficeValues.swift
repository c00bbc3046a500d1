import Foundation

// MARK: - BackOfficeValues

/// A column's value read as its kind, and written in words: for a page, for a form's field and
/// for the change log.
enum BackOfficeValues {
    /// Column `index` of `row`, read as `kind`.
    static func read(_ row: SQLRow, _ index: Int, as kind: ColumnKind) throws -> SQLValue {
        switch kind {
        case .integer: try row.decode(Int64?.self, at: index).map { SQLValue.integer($0) } ?? .null
        case .real: try row.decode(Double?.self, at: index).map { SQLValue.real($0) } ?? .null
        case .text: try row.decode(String?.self, at: index).map { SQLValue.text($0) } ?? .null
        case .boolean: try row.decode(Bool?.self, at: index).map { SQLValue.bool($0) } ?? .null
        case .timestamp: try row.decode(Date?.self, at: index).map { SQLValue.date($0) } ?? .null
        case .bytes: try row.decode([UInt8]?.self, at: index).map { SQLValue.blob($0) } ?? .null
        }
    }

    // MARK: - In words

    /// `value` as the change log keeps it (nil for `NULL`): dates in UTC, `true`/`false`, the
    /// size of bytes.
    static func text(_ value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case .integer(let number): String(number)
        case .real(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .text(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .date(let date): dateText(date, separator: " ")
        case .blob(let bytes): "\(bytes.count) bytes"
        }
    }

    /// `value` as a page shows it: `—` for `NULL`, "Yes" or "No".
    static func shown(_ value: SQLValue) -> String {
        switch value {
        case .null: "—"
        case .bool(let flag): flag ? "Yes" : "No"
        default: text(value) ?? "—"
        }
    }

    /// `value` as a form's field holds it: dates as a `datetime-local` input takes them.
    static func field(_ value: SQLValue) -> String {
        if case .date(let date) = value { return dateText(date, separator: "T") }
        return text(value) ?? ""
    }

    // MARK: - Dates

    /// `2026-12-07 17:05`, with seconds when there are any, in UTC (`LocalDateTime`).
    static func dateText(_ date: Date, separator: String) -> String {
        LocalDateTime.text(date, in: utc).replacingOccurrences(of: "T", with: separator)
    }

    /// The moment `text` names in UTC: `2026-12-07`, `2026-12-07T17:05`, `2026-12-07 17:05:30`;
    /// nil for anything else.
    static func date(_ text: String) -> Date? {
        try? LocalDateTime.date(text, in: utc).get()
    }

    private static let utc = TimeZone(identifier: "UTC")!
}
