import Foundation

// MARK: - CronLine

/// The five time fields of a crontab line, read in UTC: minute (0–59), hour (0–23), day of the
/// month (1–31), month (1–12 or `jan`–`dec`) and day of the week (0–7, Sunday being 0 and 7, or
/// `sun`–`sat`). Each field is `*`, a number, a range `a-b`, a step `*/n` or `a-b/n`, or a list
/// of those separated by commas. `@hourly`, `@daily` (`@midnight`), `@weekly`, `@monthly` and
/// `@yearly` (`@annually`) stand for their usual lines. As in cron, when both the day of the
/// month and the day of the week are restricted, a day matching either is due.
package struct CronLine: Sendable, Equatable, CustomStringConvertible {
    /// The line as written.
    package let description: String
    private let minutes: UInt64
    private let hours: UInt64
    private let days: UInt64
    private let months: UInt64
    private let weekdays: UInt64
    private let daysRestricted: Bool
    private let weekdaysRestricted: Bool

    /// `text` read as a cron line; ``CronLineError`` says which field is wrong and why.
    package init(_ text: String) throws(CronLineError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let line = Self.macros[trimmed.lowercased()] ?? trimmed
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard fields.count == 5 else {
            throw CronLineError(line: text, message: "has \(fields.count) fields; a cron line has 5 (minute hour day month weekday)")
        }
        description = text
        minutes = try Self.field(fields[0], named: "minute", in: 0...59, line: text)
        hours = try Self.field(fields[1], named: "hour", in: 0...23, line: text)
        days = try Self.field(fields[2], named: "day of the month", in: 1...31, line: text)
        months = try Self.field(fields[3], named: "month", in: 1...12, names: Self.monthNames, line: text)
        let weekdays = try Self.field(fields[4], named: "day of the week", in: 0...7, names: Self.weekdayNames, line: text)
        self.weekdays = (weekdays | (weekdays >> 7)) & 0x7F  // 7 is Sunday too
        daysRestricted = !fields[2].hasPrefix("*")
        weekdaysRestricted = !fields[4].hasPrefix("*")
    }

    // MARK: - Due times

    /// The latest minute at or before `date` the line matches (searching eight years back), or
    /// nil.
    package func latest(atOrBefore date: Date) -> Date? {
        let minute = Int64((date.timeIntervalSince1970 / 60).rounded(.down))
        var day = Self.floorDivide(minute, 1440)
        var limit = Int(minute - day * 1440)
        for _ in 0..<Self.searchDays {
            if matches(day: day), let time = latestTime(upTo: limit) { return Self.date(day: day, minuteOfDay: time) }
            day -= 1
            limit = 1439
        }
        return nil
    }

    /// The first minute after `date` the line matches (searching eight years ahead), or nil.
    package func next(after date: Date) -> Date? {
        let minute = Int64((date.timeIntervalSince1970 / 60).rounded(.down)) + 1
        var day = Self.floorDivide(minute, 1440)
        var from = Int(minute - day * 1440)
        for _ in 0..<Self.searchDays {
            if matches(day: day), let time = firstTime(from: from) { return Self.date(day: day, minuteOfDay: time) }
            day += 1
            from = 0
        }
        return nil
    }

    // MARK: - Matching

    private func matches(day: Int64) -> Bool {
        let (_, month, dayOfMonth) = Self.civil(day)
        guard months & (1 << month) != 0 else { return false }
        let weekday = Int(day + 4 - Self.floorDivide(day + 4, 7) * 7)  // 0 is Sunday; 1970-01-01 was a Thursday
        let dayMatches = days & (1 << dayOfMonth) != 0
        let weekdayMatches = weekdays & (1 << weekday) != 0
        if daysRestricted && weekdaysRestricted { return dayMatches || weekdayMatches }
        return dayMatches && weekdayMatches
    }

    private func latestTime(upTo limit: Int) -> Int? {
        for hour in stride(from: limit / 60, through: 0, by: -1) where hours & (1 << hour) != 0 {
            let last = hour == limit / 60 ? limit % 60 : 59
            for minute in stride(from: last, through: 0, by: -1) where minutes & (1 << minute) != 0 { return hour * 60 + minute }
        }
        return nil
    }

    private func firstTime(from start: Int) -> Int? {
        for hour in (start / 60)...23 where hours & (1 << hour) != 0 {
            let first = hour == start / 60 ? start % 60 : 0
            for minute in first...59 where minutes & (1 << minute) != 0 { return hour * 60 + minute }
        }
        return nil
    }

    // MARK: - Parsing

    private static let searchDays = 366 * 8 + 2
    private static let macros = [
        "@hourly": "0 * * * *", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@weekly": "0 0 * * 0",
        "@monthly": "0 0 1 * *", "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *",
    ]
    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].enumerated()
        .reduce(into: [String: Int]()) { $0[$1.element] = $1.offset + 1 }
    private static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].enumerated()
        .reduce(into: [String: Int]()) { $0[$1.element] = $1.offset }

    /// The bits of `text`, a field named `name` whose values lie in `range`.
    private static func field(
        _ text: String, named name: String, in range: ClosedRange<Int>, names: [String: Int] = [:], line: String
    ) throws(CronLineError) -> UInt64 {
        func refuse(_ why: String) -> CronLineError { CronLineError(line: line, message: "its \(name) field '\(text)' \(why)") }
        func value(_ part: Substring) throws(CronLineError) -> Int {
            guard let number = Int(part) ?? names[part.lowercased()] else { throw refuse("holds '\(part)', not a number") }
            guard range.contains(number) else { throw refuse("holds \(number), outside \(range.lowerBound)–\(range.upperBound)") }
            return number
        }
        var bits: UInt64 = 0
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let stepParts = item.split(separator: "/", omittingEmptySubsequences: false)
            guard stepParts.count <= 2 else { throw refuse("has two steps") }
            var step = 1
            if stepParts.count == 2 {
                guard let number = Int(stepParts[1]), number >= 1 else { throw refuse("has a step that is not a whole number above 0") }
                step = number
            }
            let base = stepParts[0]
            let bounds: ClosedRange<Int>
            if base == "*" {
                bounds = range
            } else if let dash = base.firstIndex(of: "-") {
                let low = try value(base[..<dash])
                let high = try value(base[base.index(after: dash)...])
                guard low <= high else { throw refuse("has the range \(low)-\(high), which ends before it starts") }
                bounds = low...high
            } else {
                let single = try value(base)
                bounds = stepParts.count == 2 ? single...range.upperBound : single...single
            }
            for number in stride(from: bounds.lowerBound, through: bounds.upperBound, by: step) { bits |= 1 << number }
        }
        return bits
    }

    // MARK: - Days

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Year, month (1–12) and day (1–31) of `days` since 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    private static func civil(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shifted + 2) / 5 + 1)
        let month = Int(shifted < 10 ? shifted + 3 : shifted - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func date(day: Int64, minuteOfDay: Int) -> Date {
        Date(timeIntervalSince1970: Double(day * 86_400 + Int64(minuteOfDay) * 60))
    }
}

// MARK: - CronLineError

/// A cron line that cannot be read: the line and what is wrong with it.
package struct CronLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line as written.
    package let line: String
    /// What is wrong.
    package let message: String
    package var description: String { "the cron line '\(line)' \(message)" }
}
