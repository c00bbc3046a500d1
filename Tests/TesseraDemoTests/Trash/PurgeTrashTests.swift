import Foundation
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// The hourly purge deletes posts trashed 30 days before its due time, with their likes and
/// comments, once, on SQLite and PostgreSQL.
@Suite("Trash purge")
struct PurgeTrashTests {
    @Test("a due purge deletes posts 30 days in the trash, keeps newer ones, and runs once per hour")
    func purgesOldTrash() async throws {
        try await TestSite.onTwoProcesses { first, second in
            let db = first.site.database
            let due = try #require(PurgeTrash.schedule.due(at: Date()))
            try await db.write { db in
                try await db.execute("UPDATE blog SET trashedAt = ? WHERE id = 7", [due.addingTimeInterval(-PurgeTrash.keptFor - 60)])
                try await db.execute("UPDATE blog SET trashedAt = ? WHERE id = 13", [due.addingTimeInterval(-PurgeTrash.keptFor + 60)])
                try await db.execute("INSERT INTO \"like\" (userID, blogID) VALUES (2, 7)")
            }
            async let one = PurgeTrash.schedule.take(due, in: first.site.database)
            async let two = PurgeTrash.schedule.take(due, in: second.site.database)
            #expect(try await [one, two].filter { $0 }.count == 1, "one process takes the hour")
            #expect(try await JobQueue(database: db).pendingCount() == 1)
            #expect(try await second.site.drainJobs() == 1)
            #expect(try await first.anyBlog(7) == nil, "30 days and a minute in the trash: gone")
            #expect(try await first.anyBlog(13)?.trashedAt != nil, "a minute short of 30 days: kept")
            #expect(try await ContentFixtures.likeRows(7, in: first) == 0)
        }
    }
}
