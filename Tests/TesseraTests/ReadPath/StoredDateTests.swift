import Foundation
import GRDB
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Dates compared in SQL are written exactly as GRDB stores them, without its formatter, and
/// dates read from rows are exactly GRDB's, without its calendar.
@Suite("Stored dates")
struct StoredDateTests {
    @Test("a date's stored text is GRDB's own, to the millisecond, from 1600 to 9999")
    func matchesGRDB() {
        var generator = SystemRandomNumberGenerator()
        let earliest = -11_676_096_000.0  // 1600-01-01, after the Gregorian calendar's start
        let latest = 253_402_300_799.999  // 9999-12-31 23:59:59.999
        var dates = (0..<20_000).map { _ in Date(timeIntervalSince1970: Double.random(in: earliest...latest, using: &generator)) }
        dates += [0, -0.0005, -1, 0.0009, 0.9999, 951_782_400, 1_709_164_800.5, earliest, latest, 1_798_761_599.9995]
            .map(Date.init(timeIntervalSince1970:))
        let mismatches = dates.map { (StoredDate.text($0), String.fromDatabaseValue($0.databaseValue) ?? "") }.filter { $0.0 != $0.1 }
        #expect(mismatches.count == 0, "first differing (ours, GRDB's): \(mismatches.prefix(4))")
    }

    @Test("stored text orders like the dates")
    func ordersLikeDates() {
        let dates = (0..<2_000).map { _ in Date(timeIntervalSince1970: Double.random(in: -1e9...4e9)) }.sorted()
        let texts = dates.map(StoredDate.text)
        #expect(texts == texts.sorted())
    }

    @Test("a stored date reads back as GRDB reads it, from 1600 to 9999 and in every other form GRDB takes")
    func readsLikeGRDB() throws {
        let earliest = -11_676_096_000.0, latest = 253_402_300_799.999
        var values: [DatabaseValue] = (0..<20_000).map { _ in
            Date(timeIntervalSince1970: Double.random(in: earliest...latest)).databaseValue
        }
        values += [
            "2024-02-29 23:59:59.999", "2024-02-29T12:00:00", "2023-02-29 00:00:00", "2024-13-01 00:00:00",
            "2024-01-01 24:00:00", "2024-01-01", "2024-01-01 10:00", "2024-01-01 10:00:00+02:00", "2024-01-01 10:00:00.5",
            "not a date", "2024-01-01 10:00:0x", "0000-01-01 00:00:00",
            // Whole milliseconds divided by 1000 differ from Foundation's calendar here.
            "2000-12-15 11:03:56.272", "2000-12-29 05:13:43.004", "2000-12-31 22:09:57.674",
        ].map(\.databaseValue)
        values += [(1_700_000_000.25).databaseValue, (0 as Int).databaseValue, DatabaseValue.null]
        let queue = try DatabaseQueue()
        let mismatches = try queue.read { db in
            try values.compactMap { value -> String? in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT ?", arguments: [value]))
                let grdb = try? row.decode(Date.self, atIndex: 0)
                let ours = try? row.decode(StoredDateColumn.self, atIndex: 0).date
                let grdbOptional = try? row.decode(Date?.self, atIndex: 0)
                let oursOptional = try? row.decode(StoredDateColumn?.self, atIndex: 0)?.date
                let copied = StoredDateColumn.fromDatabaseValue(value)?.date
                guard grdb == ours, grdbOptional == oursOptional, copied == Date.fromDatabaseValue(value) else {
                    let seconds = { (date: Date?) in date.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nil" }
                    return "\(value): GRDB \(seconds(grdb)), ours \(seconds(ours))"
                }
                return nil
            }
        }
        #expect(mismatches.isEmpty, "first differing: \(mismatches.prefix(4))")
    }
}
