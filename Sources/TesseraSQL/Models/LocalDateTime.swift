import Foundation

// MARK: - LocalDateTime

/// A moment as a `datetime-local` field holds it, `2026-03-29T02:30`, in a time zone: written
/// from a stored UTC `Date` and read back into one.
///
/// Across a daylight-saving change a wall-clock time may not exist (clocks go forward: in
/// Europe/Berlin, 2026-03-29 02:30 never happens) or happen twice (clocks go back: 2026-10-25
/// 02:30 happens in summer time, then an hour later in winter time). A time that does not exist
/// is refused with a sentence saying so; a time that happens twice is the first of the two
/// (the earlier moment, still in summer time).
package enum LocalDateTime {
    /// `date` in `timeZone`: `2026-12-07T17:05`, with `:30` seconds when there are any.
    package static func text(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let seconds = (parts.second ?? 0) == 0 ? "" : String(format: ":%02d", parts.second ?? 0)
        return day + "T" + time + seconds
    }

    /// The moment `text` names in `timeZone` (`2026-12-07T17:05`, `2026-12-07 17:05:30`, or a
    /// day, `2026-12-07`, at midnight), or why it names none.
    package static func date(_ text: String, in timeZone: TimeZone) -> Result<Date, FieldTextProblem> {
        guard let wall = wallClock(text) else {
            return .failure(FieldTextProblem("Enter a date and time, such as 2026-12-07T17:05."))
        }
        let moments = moments(at: wall, in: timeZone)
        guard let first = moments.min() else {
            return .failure(
                FieldTextProblem(
                    "This time does not exist in \(timeZone.identifier): the clocks go forward then. Enter a time before or after the change."))
        }
        return .success(first)
    }

    // MARK: - Private

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private static let utc = calendar(TimeZone(identifier: "UTC")!)

    /// The wall-clock time `text` names, read as if in UTC; nil when it names none.
    private static func wallClock(_ text: String) -> Date? {
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
        guard let hour = time[0], let minute = time[1], let second = time[2], (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(second)
        else { return nil }
        let components = DateComponents(year: year, month: month, day: date, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: utc) else { return nil }
        return utc.date(from: components)
    }

    /// Every moment whose wall-clock time in `timeZone` is `wall` (read as UTC): none in a gap,
    /// two in an overlap, else one. Each offset the zone has within a day of it is tried.
    private static func moments(at wall: Date, in timeZone: TimeZone) -> [Date] {
        let offsets = Set([-86_400.0, -43_200, 0, 43_200, 86_400].map { timeZone.secondsFromGMT(for: wall.addingTimeInterval($0)) })
        return offsets.compactMap { offset in
            let moment = wall.addingTimeInterval(-Double(offset))
            return timeZone.secondsFromGMT(for: moment) == offset ? moment : nil
        }
    }
}
