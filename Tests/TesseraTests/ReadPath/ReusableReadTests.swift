import Foundation
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A scene's reads that allow it (``ReusableRead``) hand their value to later requests exactly
/// while reading again would give the same: until a write commits, keyed by the read's fields
/// and (per user) the viewer, never when reuse is off; and a read gets no viewer it may not key on.
@Suite("Reusable reads")
struct ReusableReadTests {
    @Test("a scene's reusable read is reused by the next page and the fragment URL until a write commits, on both databases")
    func sharedReadLastsUntilAWrite() async throws {
        try await Self.onEachDatabase { site, _, client in
            let first = try await Self.values(client, "/read-stamps/1")
            let second = try await Self.values(client, "/read-stamps/1")
            #expect(first["shared"]?.stamp == second["shared"]?.stamp, "reused: not read again")
            #expect(first["plain"]?.stamp != second["plain"]?.stamp, "a read that does not allow reuse runs every time")
            let alone = try await Self.values(client, "/read-stamps/1/_/shared", count: 1)
            #expect(alone["shared"]?.stamp == first["shared"]?.stamp, "the fragment URL's scene reuses it too")
            let other = try await Self.values(client, "/read-stamps/2")
            #expect(other["shared"]?.stamp != first["shared"]?.stamp, "the read's fields key the value")
            #expect(other["shared"]?.title == "Item 2")

            try await site.site.database.write { db in try await db.execute("UPDATE item SET title = 'Renamed' WHERE id = 1") }
            let after = try await Self.values(client, "/read-stamps/1")
            #expect(after["shared"]?.title == "Renamed", "the write shows at once")
            #expect(after["shared"]?.stamp != first["shared"]?.stamp)
        }
    }

    @Test("a write that lands while a read is under way keeps its value from being reused, on both databases")
    func writeDuringTheReadIsNotKept() async throws {
        try await Self.onEachDatabase { site, _, client in
            let database = site.site.database.location.description
            ReadStampScene.writesAfterReading.withLock { _ = $0.insert(database) }
            let during = try await Self.values(client, "/read-stamps/1")
            #expect(ReadStampScene.writesAfterReading.withLock { !$0.contains(database) }, "the shared read wrote")
            #expect(during["shared"]?.title == "Item 1", "the request shows what it read")
            let after = try await Self.values(client, "/read-stamps/1")
            #expect(after["shared"]?.title == "Renamed", "the next request reads again")
            #expect(after["member"]?.title == "Renamed")
        }
    }

    @Test("under concurrent requests, no reused read is older than a write another process acknowledged, on both databases")
    func concurrentRequestsSeeAnotherProcessesWrite() async throws {
        try await Self.onEachDatabase { _, location, client in
            let other = try await ReadPathSite(location: location)  // a second server's own connections on the database
            defer {
                other.site.database.close()
                try? FileManager.default.removeItem(at: other.folder)
            }
            var stale: [String] = []
            for round in 1...5 {
                let title = "Round \(round)"
                stale += try await other.rename(to: title) {
                    let shown = try await Self.values(client, "/read-stamps/1")
                    return ["shared", "member"].compactMap { shown[$0]?.title }
                }
                let (once, again) = (try await Self.values(client, "/read-stamps/1"), try await Self.values(client, "/read-stamps/1"))
                #expect(once["shared"]?.title == title)
                #expect(once["shared"]?.stamp == again["shared"]?.stamp, "round \(round): reused between writes")
            }
            #expect(stale.isEmpty, "titles older than an acknowledged write: \(stale)")
        }
    }

    @Test("a per-user read: each member gets their own value, visitors share one; a shared read is given no viewer")
    func perUserReads() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let (_, one) = try await site.member(1)
            let (_, two) = try await site.member(2)
            let oneFirst = try await Self.values(client, "/read-stamps/1", cookie: one)
            let twoFirst = try await Self.values(client, "/read-stamps/1", cookie: two)
            let visitor = try await Self.values(client, "/read-stamps/1")
            #expect([oneFirst, twoFirst, visitor].map { $0["member"]?.viewer } == ["1", "2", "none"])
            #expect([oneFirst, twoFirst, visitor].map { $0["shared"]?.viewer } == ["none", "none", "none"])
            #expect(Set([oneFirst, twoFirst, visitor].map { $0["member"]?.stamp }).count == 3)
            #expect(Set([oneFirst, twoFirst, visitor].map { $0["shared"]?.stamp }).count == 1)
            #expect(try await Self.values(client, "/read-stamps/1", cookie: one)["member"]?.stamp == oneFirst["member"]?.stamp)
            #expect(try await Self.values(client, "/read-stamps/1", cookie: two)["member"]?.stamp == twoFirst["member"]?.stamp)
            #expect(try await Self.values(client, "/read-stamps/1")["member"]?.stamp == visitor["member"]?.stamp)
        }
    }

    @Test("with fragment reuse off, or in development mode, every read runs", arguments: ["off", "development"])
    func noReuseWhenOff(_ setting: String) async throws {
        let site = try await Self.site { configuration in
            if setting == "off" { configuration.fragmentCacheLimit = 0 } else { configuration.isDevelopment = true }
        }
        #expect(site.site.fragmentCache == nil)
        try await site.test { client in
            let first = try await Self.values(client, "/read-stamps/1")
            let second = try await Self.values(client, "/read-stamps/1")
            #expect(first["shared"]?.stamp != second["shared"]?.stamp)
            #expect(first["member"]?.stamp != second["member"]?.stamp)
        }
    }

    @Test("an optional value is read when none is kept, reused when found, and a kept nil stays nil")
    func optionalValues() async throws {
        let site = try await Self.site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let scope = RequestScope.standalone(site: site.site).reusing(from: try #require(site.site.fragmentCache).begin())
        let found = try await scope.read(OptionalStampRead(itemID: 1))
        #expect(found?.title == "Item 1", "a missing entry is not taken for a kept nil")
        #expect(try await scope.read(OptionalStampRead(itemID: 1))?.stamp == found?.stamp)
        #expect(try await scope.read(OptionalStampRead(itemID: 99)) == nil)
        #expect(try await scope.read(OptionalStampRead(itemID: 99)) == nil)
        #expect(scope.database.counter.value == 2, "one statement for each item, the second of each reused")
    }

    @Test("the values kept never pass their limit; the newest stays")
    func readLimitIsKept() {
        let cache = FragmentCache(limit: 1_000, versions: { DataVersions() }, logger: .init(label: "reads"))
        for index in 0..<(FragmentCache.readLimit + 10) {
            cache.store(index, for: Self.key(index), reads: .all, from: cache.begin())
        }
        let kept = (0..<(FragmentCache.readLimit + 10)).filter { cache.reusedValue(for: Self.key($0)) != nil }
        #expect(kept.count <= FragmentCache.readLimit)
        #expect(kept.count >= FragmentCache.readLimit / 2)
        #expect(cache.reusedValue(for: Self.key(FragmentCache.readLimit + 9))?.value as? Int == FragmentCache.readLimit + 9)
        #expect(cache.reusedValue(for: Self.key(0)) == nil, "the oldest made room")
    }

    // MARK: - Helpers

    /// Runs `body` against ``site(location:configure:)`` on a new SQLite database and, when one is
    /// set, on PostgreSQL; with the database's location and a client.
    private static func onEachDatabase(_ body: @escaping @Sendable (ReadPathSite, DatabaseLocation, TestClient) async throws -> Void)
        async throws
    {
        try await TestDatabases.eachLocation { location in
            let site = try await Self.site(location: location)
            defer { site.site.database.close() }
            try await site.test { client in try await body(site, location, client) }
        }
    }

    /// A site serving ``ReadStampScene`` on a new database (SQLite by default), values kept until
    /// a write ends them.
    private static func site(location: DatabaseLocation? = nil, configure: (inout SiteConfiguration) -> Void = { _ in }) async throws
        -> ReadPathSite
    {
        try await ReadPathSite(location: location, scenes: [ReadStampScene.self], templates: ReadStampScene.templates, configure: configure)
    }

    /// What each component of the page at `uri` shows, by component id (`count` of them).
    private static func values(_ client: TestClient, _ uri: String, cookie: String? = nil, count: Int = 3) async throws
        -> [String: (title: String, viewer: String, stamp: String)]
    {
        let (status, body, _) = try await client.fetch(uri, headers: cookie.map { [.cookie: $0] } ?? [:])
        #expect(status == .ok)
        let page = HTMLDocument(body)
        var found: [String: (title: String, viewer: String, stamp: String)] = [:]
        for id in ["shared", "member", "plain"] {
            guard let title = page.first("#\(id) .title"), let viewer = page.first("#\(id) .viewer"), let stamp = page.first("#\(id) .stamp")
            else { continue }
            found[id] = (title.text, viewer.text, stamp.text)
        }
        #expect(found.count == count, "every component rendered: \(body)")
        return found
    }

    private static func key(_ index: Int) -> FragmentCache.ReadKey {
        FragmentCache.ReadKey(read: SharedStampRead(itemID: Int64(index)), userID: nil)
    }
}
