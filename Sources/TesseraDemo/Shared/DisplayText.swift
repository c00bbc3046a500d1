import Foundation

// MARK: - DisplayText

/// How values read on pages; view models call these so templates only print.
enum DisplayText {
    /// "12 Mar 2026" (UTC, English).
    static func date(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.day, .month, .year], from: date)
        let month = Calendar.utc.shortMonthSymbols[(parts.month ?? 1) - 1]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// "2026-03-12" for `datetime` attributes.
    static func isoDate(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.day, .month, .year], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// "1 like", "12 likes".
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }
}

extension Calendar {
    /// A Gregorian calendar in UTC with English names.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()
}
