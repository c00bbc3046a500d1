import Foundation
import Testing

@testable import TesseraDemo

/// `DisplayText`'s arithmetic dates agree with Foundation's Gregorian calendar in UTC.
@Suite("Display text")
struct DisplayTextTests {
    @Test("dates and times match Foundation's UTC calendar across leap years, eras and day edges")
    func datesMatchCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let months = calendar.shortMonthSymbols
        // Every ~15.4 days (shifting through the hours) from 1899 to 2101, plus the edges of leap days and of the epoch.
        var stamps: [TimeInterval] = stride(from: -2_208_988_800.0, to: 4_133_980_800.0, by: 1_333_337).map { $0 }
        stamps += [-1, 0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 1_709_164_800, 4_107_542_399]
        for stamp in stamps {
            let date = Date(timeIntervalSince1970: stamp)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            let year = parts.year!, month = parts.month!, day = parts.day!
            #expect(DisplayText.date(date) == "\(day) \(months[month - 1]) \(year)", "at \(stamp)")
            #expect(
                DisplayText.isoDate(date) == String(format: "%04d-%02d-%02d", year, month, day), "at \(stamp)")
            #expect(DisplayText.time(date) == String(format: "%02d:%02d", parts.hour!, parts.minute!), "at \(stamp)")
        }
    }

    @Test("a date reads as day, English month and year")
    func readsAsDayMonthYear() {
        let date = Date(timeIntervalSince1970: 1_773_273_600)  // 2026-03-12T00:00Z
        #expect(DisplayText.date(date) == "12 Mar 2026")
        #expect(DisplayText.isoDate(date) == "2026-03-12")
    }
}
