import Foundation
import Tessera

// MARK: - DisplayText

/// How values read on pages; view models call these so templates only print.
///
/// Dates are split into UTC parts by Tessera's ``UTCDateParts`` (plain arithmetic), so a cell
/// costs no `Calendar` or `DateFormatter` call.
enum DisplayText {
    /// "12 Mar 2026" (UTC, English).
    static func date(_ date: Date) -> String {
        let parts = UTCDateParts(date)
        return "\(parts.day) \(monthSymbols[parts.month - 1]) \(parts.year)"
    }

    /// "2026-03-12" for `datetime` attributes.
    static func isoDate(_ date: Date) -> String {
        let parts = UTCDateParts(date)
        return padded(parts.year, 4) + "-" + padded(parts.month, 2) + "-" + padded(parts.day, 2)
    }

    /// "14:05" (UTC, 24-hour).
    static func time(_ date: Date) -> String {
        let parts = UTCDateParts(date)
        return padded(parts.hour, 2) + ":" + padded(parts.minute, 2)
    }

    /// "1 like", "12 likes".
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }

    // MARK: - Parts

    /// English short month names, January first.
    static let monthSymbols = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `value` in decimal, zero-padded on the left to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
