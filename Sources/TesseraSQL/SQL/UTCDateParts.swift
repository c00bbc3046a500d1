import Foundation

// MARK: - UTCDateParts

/// A date's parts in UTC on the proleptic Gregorian calendar, by integer arithmetic: no
/// `Calendar` or `DateFormatter` call, so a view model may format a date for every row of a list
/// (`"\(parts.day) \(months[parts.month - 1]) \(parts.year)"`) for next to nothing.
public struct UTCDateParts: Sendable, Equatable {
    /// The year (1970, 2026, …; 0 and below for years before 1 AD).
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int
    /// The second, 0–59.
    package let second: Int
    /// The millisecond, 0–999.
    package let millisecond: Int

    /// The parts of `date`, its milliseconds rounded to the nearest (halves up).
    public init(_ date: Date) {
        self.init(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)))
    }

    /// The parts of the instant `milliseconds` after 1970-01-01 00:00 UTC.
    package init(millisecondsSince1970 milliseconds: Int64) {
        let (days, dayMilliseconds) = Self.floorDivide(milliseconds, 86_400_000)
        let seconds = Int(dayMilliseconds / 1000)
        millisecond = Int(dayMilliseconds % 1000)
        hour = seconds / 3600
        minute = seconds / 60 % 60
        second = seconds % 60
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    }

    /// Quotient rounded towards negative infinity, and the matching non-negative remainder.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = (value >= 0 ? value : value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }
}
