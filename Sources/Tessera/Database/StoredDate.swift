import Foundation

// MARK: - StoredDate

/// A date as GRDB stores it in text columns, `yyyy-MM-dd HH:mm:ss.SSS` in UTC, written without
/// a `DateFormatter`.
///
/// Text dates compare in SQL as text, so a query comparing a column with a date passes the date
/// in this form. GRDB formats a `Date` argument through Foundation's `DateFormatter`, which cost
/// a member's page two formatter calls (about 2.5% of `/users/1`) for the session's expiry
/// check; this writes the same text from ``UTCDateParts``. Milliseconds are rounded to the
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
}
