import Foundation

// MARK: - StoredDate

/// A date as GRDB stores it in text columns, `yyyy-MM-dd HH:mm:ss.SSS` in UTC, written without
/// a `DateFormatter` and read without a `Calendar`.
///
/// Text dates compare in SQL as text, so a query comparing a column with a date passes the date
/// in this form. GRDB formats a `Date` argument through Foundation's `DateFormatter`, which would
/// cost every member's page formatter calls for the session's expiry check; this writes the same
/// text from ``UTCDateParts``. Milliseconds are rounded to the
/// nearest, halves up, as the formatter does.
enum StoredDate {
    /// `date` as GRDB would store it (years 0001–9999).
    static func text(_ date: Date) -> String {
        let parts = UTCDateParts(date)
        var bytes = [UInt8]()
        bytes.reserveCapacity(23)
        func put(_ value: Int, digits: Int, then separator: UInt8?) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: 0x30 + (value / divisor) % 10))
                divisor /= 10
            }
            if let separator { bytes.append(separator) }
        }
        put(parts.year, digits: 4, then: UInt8(ascii: "-"))
        put(parts.month, digits: 2, then: UInt8(ascii: "-"))
        put(parts.day, digits: 2, then: UInt8(ascii: " "))
        put(parts.hour, digits: 2, then: UInt8(ascii: ":"))
        put(parts.minute, digits: 2, then: UInt8(ascii: ":"))
        put(parts.second, digits: 2, then: UInt8(ascii: "."))
        put(parts.millisecond, digits: 3, then: nil)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Reading

    /// The date `bytes` hold if they are exactly `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd HH:mm:ss.SSS`
    /// (a `T` may stand for the space) with every part in range; nil for anything else, which
    /// the caller hands to GRDB. Computed as GRDB's `Calendar` computes it, to the last bit.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 19 || bytes.count == 23 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for offset in start..<(start + count) {
                let digit = Int(bytes[offset]) - 0x30
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes.count == 19 || bytes[19] == UInt8(ascii: "."),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            let millisecond = bytes.count == 23 ? number(20, 3) : 0,
            year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month, of: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        // Foundation's Gregorian calendar adds the day's start (exact) to the seconds into the
        // day plus the fraction (one rounding): whole milliseconds divided once differ from it
        // in the last bit for about one date in 600 before 2001.
        let dayStart = Double((daysSince1970(year: year, month: month, day: day) - daysFrom1970To2001) * 86_400)
        let secondsInDay = Double((hour * 60 + minute) * 60 + second) + Double(millisecond * 1_000_000) / 1_000_000_000
        return Date(timeIntervalSinceReferenceDate: dayStart + secondsInDay)
    }

    /// Days from 1970-01-01 to 2001-01-01, where `Date`'s reference time begins.
    private static let daysFrom1970To2001 = 11_323

    /// Days in `month` of `year` on the proleptic Gregorian calendar.
    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil, the inverse of
    /// ``UTCDateParts``' arithmetic).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
