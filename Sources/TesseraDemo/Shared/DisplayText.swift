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
        guard (0...9999).contains(parts.year) else {
            return padded(parts.year, 4) + "-" + padded(parts.month, 2) + "-" + padded(parts.day, 2)
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var count = 0
            put(parts.year, width: 4, into: buffer, at: &count)
            buffer[count] = UInt8(ascii: "-")
            count += 1
            put(parts.month, width: 2, into: buffer, at: &count)
            buffer[count] = UInt8(ascii: "-")
            count += 1
            put(parts.day, width: 2, into: buffer, at: &count)
            return count
        }
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

    /// Writes `value` (0 or more, below 10^`width`) as `width` decimal digits at `count`, and
    /// moves `count` past them: a date in every row of a list is built without intermediate strings.
    private static func put(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            buffer[count + offset] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        count += width
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
