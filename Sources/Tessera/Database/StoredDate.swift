import Foundation

// MARK: - StoredDate

/// A date as GRDB stores it in text columns, `yyyy-MM-dd HH:mm:ss.SSS` in UTC, written without
/// a `DateFormatter`.
///
/// Text dates compare in SQL as text, so a query comparing a column with a date passes the date
/// in this form. GRDB formats a `Date` argument through Foundation's `DateFormatter`, which cost
/// a member's page two formatter calls (about 2.5% of `/users/1`) for the session's expiry
/// check; this writes the same text with integer arithmetic. Milliseconds are rounded to the
/// nearest, halves up, as the formatter does.
enum StoredDate {
    /// `date` as GRDB would store it (years 0001–9999).
    static func text(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
        let (days, dayMilliseconds) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = civil(daysSince1970: days)
        let seconds = dayMilliseconds / 1000
        var bytes = [UInt8]()
        bytes.reserveCapacity(23)
        func put(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: 0x30 + (value / divisor) % 10))
                divisor /= 10
            }
        }
        put(year, digits: 4); bytes.append(0x2D)
        put(month, digits: 2); bytes.append(0x2D)
        put(day, digits: 2); bytes.append(0x20)
        put(seconds / 3600, digits: 2); bytes.append(0x3A)
        put(seconds / 60 % 60, digits: 2); bytes.append(0x3A)
        put(seconds % 60, digits: 2); bytes.append(0x2E)
        put(dayMilliseconds % 1000, digits: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Quotient rounded towards negative infinity, and the matching non-negative remainder.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
        return (quotient, self - quotient * divisor)
    }
}
