import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A request skips its look at a SQLite database only while no process rang the bell since the
/// last look, and that look is recent.
@Suite("Look gate")
struct SkippableLookTests {
    @Test("a look is skipped only while the bell's count stands where the last look found it, for under a second")
    func skipsOnlyUnchangedRecentLooks() {
        let gate = SkippableLook()
        let start: Int64 = 5_000_000_000
        #expect(gate.needsLook(rings: 7, now: start), "no look yet")
        gate.looked(rings: 7, began: start)
        #expect(!gate.needsLook(rings: 7, now: start + 1_000), "nothing rang since")
        #expect(gate.needsLook(rings: 8, now: start + 1_000), "a process rang")
        #expect(gate.needsLook(rings: 7, now: start + SkippableLook.maxAge), "a commit that rang no bell is found by then")
        #expect(gate.needsLook(rings: nil, now: start + 1_000), "a bell with no shared count skips nothing")
    }

    @Test("two bells on one database share their count: each ring of one moves the other's")
    func bellsShareTheirCount() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.sqlite").path
        let first = SQLiteCommitBell(databasePath: path)
        let second = SQLiteCommitBell(databasePath: path)  // another process's
        let start = try #require(second.rings)
        first.ring()
        first.ring()
        #expect(second.rings == start &+ 2)
        second.ring()
        #expect(first.rings == start &+ 3)
    }
}
