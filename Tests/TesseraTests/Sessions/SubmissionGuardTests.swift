import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// One run per `_once` token and path, even when the repeats arrive together; the claim commits
/// with the action's first write, or not at all.
@Suite("Submission guard")
struct SubmissionGuardTests {
    private static func notes(_ steps: inout Migrations) {
        steps.register("notes") { db in try await db.execute("CREATE TABLE note (text TEXT NOT NULL)") }
    }

    /// The token a form sent, and the key it is claimed under for the session `owner`.
    private let token = String(repeating: "ab", count: 32)
    private let owner = "session-one"
    private var key: String { SubmissionGuard.claimKey(token, owner: owner) }

    /// The action's database, committing `claim` with its first write.
    private func actionDatabase(_ database: TesseraDatabase, _ claim: FirstWriteClaim) -> CountingDatabase {
        var counting = database.counting(into: QueryCounter())
        counting.firstWriteClaim = claim
        return counting
    }

    @Test("twenty simultaneous submissions of one token: exactly one writes; the others roll back at their first write")
    func concurrentSubmissions() async throws {
        try await TestDatabases.each(migrations: Self.notes) { database in
            let submissions = SubmissionGuard(database: database)
            let key = self.key
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let claim = FirstWriteClaim(token: key, path: "/notes")
                        do {
                            try await actionDatabase(database, claim).write { db in try await db.execute("INSERT INTO note (text) VALUES ('hi')") }
                        } catch is FirstWriteClaim.AlreadyClaimed {
                            return false
                        }
                        try await submissions.finish(token: key, path: "/notes", location: "/notes/1")
                        return true
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
            #expect(try await database.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM note") } == 1)
            #expect(try await submissions.look(token: token, owner: owner, path: "/notes") == .repeated(location: "/notes/1"))
        }
    }

    @Test("a claim whose write rolls back is not kept: the retry runs the action")
    func claimRollsBackWithItsWrite() async throws {
        try await TestDatabases.each(migrations: Self.notes) { (database: TesseraDatabase) async throws in
            let claim = FirstWriteClaim(token: key, path: "/notes")
            await #expect(throws: SQLError.self) {
                try await actionDatabase(database, claim).write { db in
                    try await db.execute("INSERT INTO note (text) VALUES ('half')")
                    try await db.execute("INSERT INTO missing_table VALUES (1)")  // fails: the transaction rolls back
                }
            }
            #expect(!claim.isCommitted)
            #expect(try await SubmissionGuard(database: database).look(token: token, owner: owner, path: "/notes") == .fresh(token: key))
            #expect(try await database.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM note") } == 0)
        }
    }

    @Test("the same token on another path or from another session, a released token, and no token are not repeats")
    func notRepeats() async throws {
        try await TestDatabases.each(migrations: Self.notes) { database in
            let submissions = SubmissionGuard(database: database)
            let claim = FirstWriteClaim(token: key, path: "/a")
            try await actionDatabase(database, claim).write { db in try await db.execute("INSERT INTO note (text) VALUES ('a')") }
            try await submissions.finish(token: key, path: "/a", location: "/a")
            #expect(try await submissions.look(token: token, owner: owner, path: "/a") == .repeated(location: "/a"))
            #expect(try await submissions.look(token: token, owner: owner, path: "/b") == .fresh(token: key))
            // Another session sending the same token is a fresh submission of its own, told nothing of the first.
            #expect(
                try await submissions.look(token: token, owner: "session-two", path: "/a")
                    == .fresh(token: SubmissionGuard.claimKey(token, owner: "session-two")))
            try await submissions.release(token: key, path: "/a")
            #expect(try await submissions.look(token: token, owner: owner, path: "/a") == .fresh(token: key))
            #expect(try await submissions.look(token: nil, owner: owner, path: "/a") == .unguarded)
            #expect(try await submissions.look(token: "not-hex", owner: owner, path: "/a") == .unguarded)
        }
    }

    @Test("claims older than a day are forgotten")
    func oldClaimsExpire() async throws {
        try await TestDatabases.each(migrations: Self.notes) { database in
            let submissions = SubmissionGuard(database: database)
            let then = Date(timeIntervalSince1970: 1_000_000)
            let claim = FirstWriteClaim(token: key, path: "/a", now: then)
            try await actionDatabase(database, claim).write { db in try await db.execute("INSERT INTO note (text) VALUES ('a')") }
            try await submissions.finish(token: key, path: "/a", location: nil, now: then)
            #expect(try await submissions.look(token: token, owner: owner, path: "/a") == .repeated(location: nil))
            try await submissions.finish(token: String(repeating: "cd", count: 32), path: "/b", location: nil, now: then.addingTimeInterval(SubmissionGuard.lifetime + 60))
            #expect(try await submissions.look(token: token, owner: owner, path: "/a") == .fresh(token: key))
        }
    }
}
