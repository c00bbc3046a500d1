import Foundation
import Testing

@testable import TesseraSQL

/// A date-time field's text in a time zone, stored in UTC, across Europe/Berlin's changes of
/// 2026: 2026-03-29 02:30 does not exist (refused), 2026-10-25 02:30 happens twice (the first,
/// in summer time).
@Suite("Dates and times in a time zone")
struct LocalDateTimeTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func utc(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    @Test("a time read in Berlin is stored in UTC and shown again as typed")
    func roundTrip() throws {
        let winter = try LocalDateTime.date("2026-12-07T18:05", in: berlin).get()
        #expect(winter == utc(1_796_663_100), "17:05 UTC, an hour behind")
        #expect(LocalDateTime.text(winter, in: berlin) == "2026-12-07T18:05")
        #expect(LocalDateTime.text(winter, in: TimeZone(identifier: "UTC")!) == "2026-12-07T17:05")
        let summer = try LocalDateTime.date("2026-07-01 09:00:30", in: berlin).get()
        #expect(LocalDateTime.text(summer, in: berlin) == "2026-07-01T09:00:30")
        #expect(try LocalDateTime.date("2026-07-01", in: berlin).get() == summer.addingTimeInterval(-(9 * 3600 + 30)))
    }

    @Test("clocks going forward: 02:30 does not exist and is refused; 03:30 is the first hour of summer time")
    func gap() throws {
        let missing = LocalDateTime.date("2026-03-29T02:30", in: berlin)
        guard case .failure(let problem) = missing else {
            Issue.record("2026-03-29T02:30 read as \(missing)")
            return
        }
        #expect(problem.message.hasPrefix("This time does not exist in Europe/Berlin"))
        #expect(try LocalDateTime.date("2026-03-29T01:59", in: berlin).get() == utc(1_774_745_940))
        #expect(try LocalDateTime.date("2026-03-29T03:30", in: berlin).get() == utc(1_774_747_800))
    }

    @Test("clocks going back: 02:30 happens twice and is the first, in summer time; shown again as typed")
    func overlap() throws {
        let first = try LocalDateTime.date("2026-10-25T02:30", in: berlin).get()
        #expect(first == utc(1_792_888_200), "00:30 UTC, summer time")
        #expect(LocalDateTime.text(first, in: berlin) == "2026-10-25T02:30")
        let second = first.addingTimeInterval(3600)
        #expect(LocalDateTime.text(second, in: berlin) == "2026-10-25T02:30", "the second 02:30 shows the same")
        #expect(try LocalDateTime.date("2026-10-25T03:30", in: berlin).get() == first.addingTimeInterval(2 * 3600))
    }

    @Test("what names no moment is refused")
    func refusals() {
        for text in ["2026-02-30T10:00", "2026-12-07T24:00", "2026-12-07T10", "tomorrow", "2026-12-07T10:00:00:00", "0-01-01"] {
            if case .success(let date) = LocalDateTime.date(text, in: berlin) { Issue.record("\(text) read as \(date)") }
        }
    }
}
