import Foundation
import GRDB
import Testing

@testable import Tessera

/// Dates compared in SQL are written exactly as GRDB stores them, without its formatter.
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
}
