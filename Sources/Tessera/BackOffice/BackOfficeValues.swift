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

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `2026-12-07 17:05`, with seconds when there are any, in UTC.
    static func dateText(_ date: Date, separator: String) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let seconds = (parts.second ?? 0) == 0 ? "" : String(format: ":%02d", parts.second ?? 0)
        return day + separator + time + seconds
    }

    /// The moment `text` names in UTC: `2026-12-07`, `2026-12-07T17:05`, `2026-12-07 17:05:30`;
    /// nil for anything else.
    static func date(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard (1...2).contains(parts.count) else { return nil }
        let day = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard day.count == 3, let year = day[0], let month = day[1], let date = day[2], (1...9999).contains(year) else { return nil }
        var time: [Int?] = [0, 0, 0]
        if parts.count == 2 {
            let read = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(read.count) else { return nil }
            time = read + (read.count == 2 ? [0] : [])
        }
        guard let hour = time[0], let minute = time[1], let second = time[2] else { return nil }
        let components = DateComponents(year: year, month: month, day: date, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: utc), (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return nil
        }
        return utc.date(from: components)
    }
}
