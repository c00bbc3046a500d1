import Foundation

// MARK: - DisplayText

/// How values read on pages; view models call these so templates only print.
///
/// Dates are split into UTC parts by plain arithmetic (proleptic Gregorian calendar), so a cell
/// costs no `Calendar` or `DateFormatter` call.
enum DisplayText {
    /// "12 Mar 2026" (UTC, English).
    static func date(_ date: Date) -> String {
        let parts = UTCParts(date)
        return "\(parts.day) \(monthSymbols[parts.month - 1]) \(parts.year)"
    }

    /// "2026-03-12" for `datetime` attributes.
    static func isoDate(_ date: Date) -> String {
        let parts = UTCParts(date)
        return padded(parts.year, 4) + "-" + padded(parts.month, 2) + "-" + padded(parts.day, 2)
    }

    /// "14:05" (UTC, 24-hour).
    static func time(_ date: Date) -> String {
        let parts = UTCParts(date)
        return padded(parts.hour, 2) + ":" + padded(parts.minute, 2)
    }

    /// "1 like", "12 likes".
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }

    // MARK: - Parts

    /// English short month names, January first.
    static let monthSymbols = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A date's UTC year, month (1-12), day (1-31), hour and minute.
    struct UTCParts {
        let year: Int, month: Int, day: Int, hour: Int, minute: Int

        init(_ date: Date) {
            let seconds = Int(date.timeIntervalSince1970.rounded(.down))
            var days = seconds / 86_400
            var secondOfDay = seconds % 86_400
            if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
            hour = secondOfDay / 3_600
            minute = secondOfDay % 3_600 / 60
            // Howard Hinnant's civil_from_days.
            let shifted = days + 719_468
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153
            day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        }
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
