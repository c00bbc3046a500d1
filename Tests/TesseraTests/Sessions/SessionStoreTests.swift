import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Sessions expire and are swept, so cookie-less clients cannot grow the table forever.
@Suite("Session store")
struct SessionStoreTests {
    @Test("a visitor's session expires after a day, a member's after thirty")
    func sessionsExpire() async throws {
        try await TestDatabases.each { database in
            let store = SessionStore(database: database)
            let visitor = try await store.create()
            let member = try await store.create(userID: 7)
            let now = Date()
            #expect(try await store.find(visitor.id, now: now) == visitor)
            #expect(try await store.find(visitor.id, now: now.addingTimeInterval(SessionStore.visitorLifetime + 1)) == nil)
            #expect(try await store.find(member.id, now: now.addingTimeInterval(SessionStore.visitorLifetime + 1)) == member)
            #expect(try await store.find(member.id, now: now.addingTimeInterval(SessionStore.memberLifetime + 1)) == nil)
        }
    }

    @Test("tokens are 64 lowercase hex digits, every one different, with every byte value in use")
    func tokensAreRandomHex() {
        let tokens = (0..<2_000).map { _ in SessionStore.randomToken() }
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy { $0.utf8.count == 64 && $0.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) } })
        // 64,000 random bytes: each of the 256 values turns up (a fixed or zeroed buffer would not).
        var seen = Set<Substring>()
        for token in tokens {
            var rest = Substring(token)
            while !rest.isEmpty { seen.insert(rest.prefix(2)); rest = rest.dropFirst(2) }
        }
        #expect(seen.count == 256)
    }

    @Test("sweeping deletes only expired sessions")
    func sweepDeletesExpired() async throws {
        try await TestDatabases.each { database in
            let store = SessionStore(database: database)
            for _ in 0..<5 { _ = try await store.create() }
            let member = try await store.create(userID: 1)
            let later = Date().addingTimeInterval(SessionStore.visitorLifetime + 60)
            #expect(try await store.sweep(now: later) == 5)
            #expect(try await store.find(member.id, now: later) == member)
            let left = try await database.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM tessera_sessions") }
            #expect(left == 1)
        }
    }

    @Test("finding a session reads along, in its statement, the member signed in and whether a notice waits for it")
    func findReadsAlong() async throws {
        try await TestDatabases.each(migrations: { MemberTable.registerMigration(in: &$0) }) { database in
            let accounts = MemberAccounts(table: MemberTable(), database: database)
            let memberID = try #require(try await accounts.create(username: "ada", displayName: "Ada L.", hash: "h", at: Date()))
            let store = SessionStore(database: database, members: accounts)
            let session = try await store.create(userID: memberID)

            let found = try #require(try await store.find(session.id)?.readAlong)
            #expect(found.readsMember && found.member == CurrentMember(id: memberID, username: "ada", displayName: "Ada L."))
            #expect(!found.noticeWaiting)

            try await NoticeStore(database: database).post(Notice("Saved."), for: session.id)
            #expect(try await store.find(session.id)?.readAlong?.noticeWaiting == true)
            #expect(try await NoticeStore(database: database).take(for: session.id)?.message == "Saved.")
            #expect(try await store.find(session.id)?.readAlong?.noticeWaiting == false, "taken: shown once")

            try await database.write { db in try await db.execute("DELETE FROM member WHERE id = ?", [memberID]) }
            let gone = try #require(try await store.find(session.id)?.readAlong)
            #expect(gone.readsMember && gone.member == nil, "an account that is gone reads as no member")
            #expect(try await SessionStore(database: database).find(session.id)?.readAlong?.readsMember == false)
        }
    }

    @Test("ids that are not 64 hex digits are never looked up", arguments: ["", "x", String(repeating: "g", count: 64), "' OR 1=1 --"])
    func malformedIds(_ id: String) async throws {
        try await TestDatabases.each { (database: TesseraDatabase) async throws in
            let store = SessionStore(database: database)
            #expect(try await store.find(id) == nil)
        }
    }
}

// MARK: - Stored as a hash

/// Whoever reads the database (a backup, a replica) finds no session id to replay.
@Suite("Session ids at rest")
struct SessionIdsAtRestTests {
    @Test("the table keeps each session's SHA-256, never its id, and finds the session by its id")
    func storesOnlyTheHash() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-sessions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TesseraDatabase.open(path: folder.appendingPathComponent("s.sqlite").path)
        let store = SessionStore(database: database)
        let session = try await store.create(userID: 3)
        let rows = try await database.read { db in
            try await db.fetchAll("SELECT * FROM tessera_sessions") { row in
                try (0..<row.count).compactMap { index -> String? in
                    guard case .text(let text) = try SQLColumn(row: row, index: index).value else { return nil }
                    return text
                }
            }
        }
        let stored = rows.flatMap { $0 }
        #expect(rows.count == 1)
        #expect(!stored.contains { $0.contains(session.id) })
        #expect(stored.contains(Digests.sha256Hex(session.id.utf8)))
        #expect(try await store.find(session.id) == session)
        _ = try await store.signOut(session)
        #expect(try await store.find(session.id) == nil)
    }
}
