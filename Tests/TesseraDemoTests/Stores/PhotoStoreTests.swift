import Tessera
import Testing

@testable import TesseraDemo

/// The gallery on both databases.
@Suite("Photo store")
struct PhotoStoreTests {
    @Test("photos come newest first, a window at a time")
    func windows() async throws {
        try await DemoDatabases.seeded { database in
            let store = PhotoStore(database: database)
            let newest = try await store.latest(limit: 3)
            #expect(newest.map(\.id) == [12, 11, 10])
            #expect(try await store.latest(limit: 3, offset: 3).map(\.id) == [9, 8, 7])
            #expect(try await store.latest(limit: 0).isEmpty)
            #expect(try await store.latest(limit: 5, offset: 10).map(\.id) == [2, 1])
            #expect(try await store.all().map(\.id) == Array((1...12).reversed()))
        }
    }

    @Test("a photo is found by id")
    func byID() async throws {
        try await DemoDatabases.seeded { database in
            let store = PhotoStore(database: database)
            let first = try await store.photo(1)
            #expect(first == Photo(id: 1, userID: 1, title: "Harbour at dawn", url: "/photos/photo-1.svg", createdAt: DemoSeed.epoch))
            #expect(try await store.photo(99) == nil)
        }
    }
}
