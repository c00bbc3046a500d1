import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Tessera
import Testing

@testable import TesseraDemo

/// No lost writes: many members liking at once, over many real connections, leave exactly the
/// right count; liking or unliking twice changes nothing.
@Suite("Concurrent likes")
struct ConcurrentLikesTests {
    /// Adds `count` members, each with a signed-in session, and returns their sessions.
    private func members(_ count: Int, in site: TestSite) async throws -> [TestSession] {
        try await site.site.database.pool.write { db in
            for index in 0..<count {
                try db.execute(
                    sql: "INSERT INTO user (username, displayName, bio, passwordHash, createdAt) VALUES (?, ?, '', ?, ?)",
                    arguments: ["member\(index)", "Member \(index)", DemoSeed.unusedHash, DemoSeed.epoch])
            }
        }
        let ids = try await site.site.database.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM user WHERE username LIKE 'member%' ORDER BY id")
        }
        let store = SessionStore(database: site.site.database)
        var sessions: [TestSession] = []
        for id in ids {
            let session = try await store.create(userID: id)
            sessions.append(TestSession(cookie: "\(SessionMiddleware.cookieName)=\(session.id)", token: session.csrfToken))
        }
        return sessions
    }

    private func counts(_ blog: Int64, in site: TestSite) async throws -> (stored: Int, rows: Int) {
        try await site.site.database.pool.read { db in
            let stored = try Int.fetchOne(db, sql: "SELECT likeCount FROM blog WHERE id = ?", arguments: [blog]) ?? -1
            let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"like\" WHERE blogID = ?", arguments: [blog]) ?? -1
            return (stored, rows)
        }
    }

    @Test("300 members liking twice at once leave exactly 300 likes; half unliking twice leave 150")
    func concurrentLikesAreExact() async throws {
        let site = try TestSite()
        let sessions = try await members(300, in: site)
        try await site.test(.live) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for session in sessions + sessions {
                    group.addTask { try await client.post("/blogs/2/like", as: session).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.count == 600)
            #expect(statuses.allSatisfy { $0 == .seeOther }, "every like acknowledged: \(Set(statuses.map(\.code)))")
            let afterLikes = try await counts(2, in: site)
            #expect(afterLikes.stored == 300)
            #expect(afterLikes.rows == 300)

            let leaving = Array(sessions.prefix(150))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for session in leaving + leaving {
                    group.addTask { _ = try await client.post("/blogs/2/unlike", as: session) }
                }
                try await group.waitForAll()
            }
            let afterUnlikes = try await counts(2, in: site)
            #expect(afterUnlikes.stored == 150)
            #expect(afterUnlikes.rows == 150)
        }
    }
}
