import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// What every process of an app shares lives in the database, and each guard holds under
/// concurrent requests — run on SQLite and on PostgreSQL (`TESSERA_TEST_POSTGRES`).
@Suite("Shared state on both databases")
struct SharedStateTests {
    @Test("PostgreSQL is configured for the store tests (TESSERA_TEST_POSTGRES)", .enabled(if: TestDatabases.postgresServer != nil))
    func postgresIsConfigured() async throws {
        let url = try #require(try await TestDatabases.newPostgresDatabase())
        try await TestDatabases.dropPostgresDatabase(url)
    }

    @Test("fifty concurrent attempts on one subject: exactly the limit get through, the rest are told to wait")
    func throttleHoldsUnderConcurrency() async throws {
        try await TestDatabases.each { database in
            let throttle = AttemptThrottle(database: database)
            let key = ThrottleRule(name: "guess", limit: 5, window: 300, lockout: 300).key("ada")
            let waits = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<50 { group.addTask { try await throttle.count([key]) } }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(waits.filter { $0 == nil }.count == 5)
            #expect(waits.compactMap { $0 }.allSatisfy { $0 > 0 && $0 <= 301 }, "the lockout, from a clock read a moment apart")
            #expect(try await throttle.retryAfter(key) != nil)
        }
    }

    @Test("processes started together on a new database migrate it once")
    func migrationsRunOnce() async throws {
        try await TestDatabases.eachLocation { location in
            let opened = try await withThrowingTaskGroup(of: TesseraDatabase.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await TesseraDatabase.open(location) { steps in
                            steps.register("notes") { db in try await db.execute("CREATE TABLE note (text TEXT NOT NULL)") }
                            steps.register("notes.seed") { db in try await db.execute("INSERT INTO note (text) VALUES ('first')") }
                        }
                    }
                }
                return try await group.reduce(into: [TesseraDatabase]()) { $0.append($1) }
            }
            defer { for database in opened { database.close() } }
            let database = try #require(opened.first)
            #expect(try await database.read { try await $0.fetchValue(Int.self, "SELECT COUNT(*) FROM note") } == 1)
            let applied = try await Migrations.applied(in: database)
            #expect(applied.suffix(2) == ["notes", "notes.seed"])
            #expect(Set(applied).count == applied.count, "each step recorded once")
            let secrets = try await withThrowingTaskGroup(of: String.self) { group in
                for database in opened { group.addTask { try await CSRFTokens.load(from: database).token(forNonce: "n") } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(secrets.count == 1, "every process signs tokens with the one secret")
        }
    }

    @Test("a notice is taken once, by one of ten concurrent pages")
    func noticeIsTakenOnce() async throws {
        try await TestDatabases.each { database in
            let notices = NoticeStore(database: database)
            let key = SessionStore.randomToken()
            try await notices.post(Notice("Saved — “quoted” ✓", undoURL: "/undo", undoBack: "/back"), for: key)
            let taken = try await withThrowingTaskGroup(of: Notice?.self) { group in
                for _ in 0..<10 { group.addTask { try await notices.take(for: key) } }
                return try await group.reduce(into: [Notice]()) { if let notice = $1 { $0.append(notice) } }
            }
            #expect(taken.map(\.message) == ["Saved — “quoted” ✓"])
            #expect(taken.first?.undoURL == "/undo")
        }
    }

    @Test("an uploaded file is served back byte for byte by another process; a second file of that name is refused")
    func storedFilesAreShared() async throws {
        try await TestDatabases.eachLocation { location in
            let (first, second) = (try await TesseraDatabase.open(location), try await TesseraDatabase.open(location))
            defer {
                first.close()
                second.close()
            }
            let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try await StoredFiles(database: first).save(bytes, name: "a.png", contentType: "image/png")
            let file = try await StoredFiles(database: second).file(named: "a.png")
            #expect(file == StoredFiles.File(bytes: bytes, contentType: "image/png"))
            #expect(try await StoredFiles(database: second).file(named: "missing.png") == nil)
            await #expect { try await StoredFiles(database: second).save([1], name: "a.png", contentType: "image/png") } throws: { error in
                (error as? SQLError)?.kind == .uniqueViolation
            }
            #expect(try await StoredFiles(database: first).names() == ["a.png"])
        }
    }

    @Test("analytics events are stored whole, in order, and swept by age")
    func analyticsRoundTrip() async throws {
        try await TestDatabases.each { database in
            let recorder = AnalyticsRecorder(database: database)
            let now = Date()
            let entries = (0..<120).map { index in
                AnalyticsQueue.Entry(
                    event: AnalyticsEvent(kind: index % 2 == 0 ? .pageView : .action, name: "N\(index)", path: "/p/\(index)", status: 200 + index % 3,
                        detail: index % 5 == 0 ? nil : "d\(index)"),
                    date: now.addingTimeInterval(index < 20 ? -10 * 86_400 : 0))
            }
            try await recorder.record(entries)
            let events = try await recorder.events()
            #expect(events.map(\.path) == entries.map(\.event.path))
            #expect(events.map(\.detail) == entries.map(\.event.detail))
            #expect(try await recorder.deleteEvents(before: now.addingTimeInterval(-86_400)) == 20)
            #expect(try await recorder.events().count == 100)
        }
    }

    @Test("ten concurrent sign-ups for one name make one member")
    func oneMemberPerName() async throws {
        try await TestDatabases.each(migrations: { MemberTable.registerMigration(in: &$0) }) { database in
            let accounts = MemberAccounts(table: MemberTable(), database: database)
            let ids = try await withThrowingTaskGroup(of: Int64?.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await accounts.create(username: "ada", displayName: "Ada", hash: "h", at: Date()) }
                }
                return try await group.reduce(into: [Int64]()) { if let id = $1 { $0.append(id) } }
            }
            #expect(ids.count == 1)
            let credentials = try await accounts.credentials(username: "ADA")
            #expect(credentials?.id == ids.first)
            #expect(try await accounts.member(try #require(ids.first))?.displayName == "Ada")
        }
    }
}
