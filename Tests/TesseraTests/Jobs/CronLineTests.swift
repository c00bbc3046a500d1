import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Cron lines read as cron reads them, in UTC; a line that cannot be read stops start-up.
@Suite("Cron lines")
struct CronLineTests {
    /// `text` (`2026-11-27 08:20`) as a UTC date.
    static func utc(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    @Test(
        "the latest and next due minutes of common lines",
        arguments: [
            // line, now, latest at or before, next after
            ("*/15 * * * *", "2026-11-27 08:20", "2026-11-27 08:15", "2026-11-27 08:30"),
            ("30 7 * * mon-fri", "2026-11-28 09:00", "2026-11-27 07:30", "2026-11-30 07:30"),  // Saturday: back to Friday, on to Monday
            ("0 0 1 * *", "2026-11-27 08:20", "2026-11-01 00:00", "2026-12-01 00:00"),
            ("@daily", "2026-12-31 23:59", "2026-12-31 00:00", "2027-01-01 00:00"),
            ("0 12 29 2 *", "2026-11-27 08:20", "2024-02-29 12:00", "2028-02-29 12:00"),  // leap days only
            ("0 9 13 * fri", "2026-11-27 08:20", "2026-11-20 09:00", "2026-11-27 09:00"),  // either the 13th or a Friday (the 27th is one)
            ("5,10-12 3 * JAN,dec 0", "2026-12-06 03:11", "2026-12-06 03:11", "2026-12-06 03:12"),
            ("0 0 * * 7", "2026-11-27 08:20", "2026-11-22 00:00", "2026-11-29 00:00"),  // 7 is Sunday too
        ])
    func dueTimes(_ line: String, _ now: String, _ latest: String, _ next: String) throws {
        let cron = try CronLine(line)
        #expect(cron.latest(atOrBefore: Self.utc(now)) == Self.utc(latest))
        #expect(cron.next(after: Self.utc(now)) == Self.utc(next))
    }

    @Test("an exact due minute is its own latest, and the next is strictly after it")
    func exactMinute() throws {
        let cron = try CronLine("0 * * * *")
        let hour = Self.utc("2026-11-27 08:00").addingTimeInterval(30)
        #expect(cron.latest(atOrBefore: hour) == Self.utc("2026-11-27 08:00"))
        #expect(cron.next(after: Self.utc("2026-11-27 08:00")) == Self.utc("2026-11-27 09:00"))
    }

    @Test(
        "lines that cannot be read say which field and why",
        arguments: [
            ("* * * *", "has 4 fields; a cron line has 5 (minute hour day month weekday)"),
            ("60 * * * *", "its minute field '60' holds 60, outside 0–59"),
            ("* * 0 * *", "its day of the month field '0' holds 0, outside 1–31"),
            ("* * * foo *", "its month field 'foo' holds 'foo', not a number"),
            ("*/0 * * * *", "its minute field '*/0' has a step that is not a whole number above 0"),
            ("* 5-2 * * *", "its hour field '5-2' has the range 5-2, which ends before it starts"),
            ("* * * * ,", "its day of the week field ',' holds '', not a number"),
        ])
    func refusedLines(_ line: String, _ message: String) {
        #expect(throws: CronLineError(line: line, message: message)) { try CronLine(line) }
    }

    @Test("a schedule with a line that cannot be read stops start-up, naming it")
    func scheduleProblem() throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try CronApp().check(folder.configuration) }
        #expect(error.problems.map(\.description) == [
            "Schedule \"report\": the cron line '61 * * * *' its minute field '61' holds 61, outside 0–59",
            "Schedule \"digest\": is declared twice; give each schedule its own name",
        ])
    }
}

/// An app with a bad cron line and a name used twice.
struct CronApp: TesseraApp {
    var scenes: [Scene.Type] { [] }
    var schedules: [Schedule] {
        [
            Schedule("report", cron: "61 * * * *") { _ in ProbeJob(enqueuedAt: 0, batch: "cron") },
            Schedule("digest", cron: "@daily") { _ in ProbeJob(enqueuedAt: 0, batch: "cron") },
            Schedule("digest", every: .seconds(60)) { _ in ProbeJob(enqueuedAt: 0, batch: "cron") },
        ]
    }
}
