import Tessera
import Testing

@testable import TesseraDemo

/// The benchmark's table on both databases (created and read unquoted, as `Fortune`).
@Suite("Fortune store")
struct FortuneStoreTests {
    @Test("every stored fortune and the request-time one come sorted by message")
    func sorted() async throws {
        try await DemoDatabases.empty { database in
            let fortunes = try await FortuneStore(database: database).fortunesForDisplay()
            #expect(fortunes.count == 13)
            #expect(fortunes.map(\.message) == fortunes.map(\.message).sorted())
            #expect(fortunes.contains(Fortune(id: 12, message: "フレームワークのベンチマーク")))
            #expect(fortunes.contains(.additional))
        }
    }
}
