import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL
import TesseraTesting

/// A write whose task is cancelled in the middle (a client gone, a worker stopped at shutdown)
/// is rolled back, and leaves the database able to take the next write.
@Suite("Cancelled writes")
struct CancelledWriteTests {
    @Test("a write cancelled while it runs is rolled back, and the next write commits")
    func cancelledWriteRollsBack() async throws {
        try await TestDatabases.each(migrations: { steps in
            steps.register("note") { db in try await db.execute("CREATE TABLE note (text TEXT NOT NULL)") }
        }) { database in
            let (started, signal) = AsyncStream.makeStream(of: Void.self)
            let writing = Task {
                try await database.write { db in
                    try await db.execute("INSERT INTO note (text) VALUES (?)", ["cancelled"])
                    signal.yield()
                    try await Task.sleep(for: .seconds(60))  // until cancelled
                }
            }
            var iterator = started.makeAsyncIterator()
            _ = await iterator.next()
            writing.cancel()
            await #expect(throws: CancellationError.self) { try await writing.value }
            try await database.write { db in try await db.execute("INSERT INTO note (text) VALUES (?)", ["next"]) }
            let notes = try await database.read { db in try await db.fetchValues(String.self, "SELECT text FROM note") }
            #expect(notes == ["next"])
        }
    }
}
