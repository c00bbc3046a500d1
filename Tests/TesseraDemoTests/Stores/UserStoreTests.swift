import Tessera
import Testing

@testable import TesseraDemo

/// Members, their priorities and their profile's counts, on both databases.
@Suite("User store")
struct UserStoreTests {
    @Test("a member is found by id, and only an existing one's profile changes")
    func profile() async throws {
        try await DemoDatabases.seeded { database in
            let store = UserStore(database: database)
            let demo = try #require(try await store.user(1))
            #expect(demo.username == "demo")
            #expect(demo.createdAt == DemoSeed.hours(-24 * 30))
            #expect(try await store.user(99) == nil)
            #expect(try await store.updateProfile(1, displayName: "Demo <Writer>", bio: "Line one\nLine two"))
            #expect(try await store.user(1)?.displayName == "Demo <Writer>")
            #expect(try await store.user(1)?.bio == "Line one\nLine two")
            #expect(try await store.updateProfile(99, displayName: "Nobody", bio: "") == false)
        }
    }

    @Test("the members one can write to are everyone else, by name")
    func others() async throws {
        try await DemoDatabases.seeded { database in
            let names = try await UserStore(database: database).others(than: 1).map(\.displayName)
            #expect(names == ["Ada Lovelace", "Alan Kay", "Grace Hopper", "Linus Pauling", "Margaret Hamilton"])
        }
    }

    @Test("current priorities are the ones in force at the date, soonest ending first")
    func priorities() async throws {
        try await DemoDatabases.seeded { database in
            let store = UserStore(database: database)
            let atEpoch = try await store.currentPriorities(of: 1, at: DemoSeed.epoch)
            #expect(atEpoch.map(\.title) == ["Learn GRDB", "Finish the guide", "Write every week"])
            #expect(try await store.currentPriorities(of: 1, at: TestSite.now).map(\.title) == ["Write every week"])
            #expect(try await store.currentPriorities(of: 2, at: DemoSeed.epoch).isEmpty)
        }
    }

    @Test("a profile is the member with its published posts and the likes they received, in one read; none for a member with nothing")
    func profileCounts() async throws {
        try await DemoDatabases.seeded { database in
            let store = UserStore(database: database)
            let demo = try #require(try await store.profile(1))
            #expect(demo.user.username == "demo")
            #expect(demo.counts == ProfileCounts(posts: 10, likes: 30))
            #expect(try await store.profile(99) == nil)
            try await database.write { db in
                try await db.execute(
                    "INSERT INTO \"user\" (id, username, displayName, bio, passwordHash, createdAt) VALUES (50, 'quiet', 'Quiet', '', '', ?)",
                    [DemoSeed.epoch])
            }
            #expect(try await store.profile(50)?.counts == ProfileCounts(posts: 0, likes: 0))
        }
    }
}
