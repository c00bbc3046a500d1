import Foundation
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
    /// Adds `count` members with the demo password, signs each in through the sign-in form, and
    /// returns their sessions.
    private func members(_ count: Int, in site: TestSite) async throws -> [TestSession] {
        let usernames = try await site.site.database.write { db in
            var usernames: [String] = []
            for index in 0..<count {
                _ = try await User.insert(
                    username: "member\(index)", displayName: "Member \(index)", bio: "", passwordHash: DemoSeed.demoHash,
                    createdAt: DemoSeed.epoch, into: db)
                usernames.append("member\(index)")
            }
            return usernames
        }
        // Eight at a time: the process's password lane refuses work past its 256 waiting callers.
        return try await site.test(keepingFiles: true) { client in
            var sessions: [TestSession] = []
            for start in stride(from: 0, to: usernames.count, by: 8) {
                let batch = Array(usernames[start..<min(start + 8, usernames.count)])
                sessions += try await DemoDatabases.concurrently(batch.count) { index in
                    try await client.signIn(batch[index], password: DemoSeed.demoPassword)
                }
            }
            return sessions
        }
    }

    private func counts(_ blog: Int64, in site: TestSite) async throws -> (stored: Int, rows: Int) {
        try await site.site.database.read { db in
            let stored = try await db.fetchValue(Int.self, "SELECT likeCount FROM blog WHERE id = ?", [blog]) ?? -1
            let rows = try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \"like\" WHERE blogID = ?", [blog]) ?? -1
            return (stored, rows)
        }
    }

    @Test("300 members liking twice at once leave exactly 300 likes; half unliking twice leave 150")
    func concurrentLikesAreExact() async throws {
        let site = try await TestSite()
        let sessions = try await members(300, in: site)
        try await site.testLive { client in
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
