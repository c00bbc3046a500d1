import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Components that allow it have their fragment reused, exactly while it is what loading again
/// would render: until a table it read changes, keyed by URL and viewer, never when it holds a
/// per-request value.
@Suite("Fragment reuse")
struct FragmentCacheTests {
    // MARK: - Through pages

    @Test("a shared fragment is reused by the next page and the fragment URL, until a write commits")
    func sharedFragmentLastsUntilAWrite() async throws {
        let site = try await stampsSite()
        try await site.test { client in
            let first = try await stamps(client, "/stamps")
            let second = try await stamps(client, "/stamps")
            #expect(first["shared"] == second["shared"], "reused: not loaded again")
            #expect(first["plain"] != second["plain"], "a component that does not allow reuse loads every time")
            let (_, alone, _) = try await client.fetch("/stamps/_/shared")
            #expect(Self.stamp(in: alone) == first["shared"], "the fragment URL answers with the same fragment")

            try await site.site.database.write { db in
                try await db.execute("UPDATE item SET title = 'Renamed' WHERE id = 1")
            }
            let (_, page, _) = try await client.fetch("/stamps")
            let after = Self.stamps(in: page)
            #expect(after["shared"] != first["shared"])
            #expect(page.contains("<p>Renamed stamp="), "the write shows at once")
        }
    }

    @Test("a fragment made from what its scene read is not kept when a write lands between that read and the component's load, on both databases")
    func sceneDataReadBeforeAWriteIsNotReused() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await ReadPathSite(location: location, scenes: [HandedTitleScene.self], templates: HandedTitleScene.templates)
            defer { site.site.database.close() }
            try await Self.handedTitleIsFresh(site)
        }
    }

    private static func handedTitleIsFresh(_ site: ReadPathSite) async throws {
        try await site.test { client in
            HandedTitleScene.writesAfterReading.withLock { $0 = true }
            let (_, during, _) = try await client.fetch("/handed")
            HandedTitleScene.writesAfterReading.withLock { $0 = false }
            #expect(during.contains("title=Item 1;"), "the request shows what its scene read")
            let (_, after, _) = try await client.fetch("/handed")
            #expect(after.contains("title=Renamed;"), "the next request shows the write: \(after)")
            let (_, again, _) = try await client.fetch("/handed")
            #expect(again.contains("title=Renamed;"))
        }
    }

    @Test("the query string keys the fragment: another page of it is loaded, the first still reused")
    func queryKeysTheFragment() async throws {
        let site = try await stampsSite()
        try await site.test { client in
            let plain = try await stamps(client, "/stamps")
            let paged = try await stamps(client, "/stamps?page=2")
            #expect(plain["shared"] != paged["shared"])
            #expect(try await stamps(client, "/stamps?page=2")["shared"] == paged["shared"])
            #expect(try await stamps(client, "/stamps")["shared"] == plain["shared"])
        }
    }

    @Test("per-user fragments: each member gets their own, visitors share one")
    func perUserFragments() async throws {
        let site = try await stampsSite()
        try await site.test { client in
            let (_, one) = try await site.member(1)
            let (_, two) = try await site.member(2)
            let oneFirst = try await stamps(client, "/stamps", cookie: one)
            let twoFirst = try await stamps(client, "/stamps", cookie: two)
            let visitor = try await stamps(client, "/stamps")
            #expect(Set([oneFirst["member"], twoFirst["member"], visitor["member"]]).count == 3)
            #expect(oneFirst["shared"] == twoFirst["shared"] && twoFirst["shared"] == visitor["shared"])
            #expect(try await stamps(client, "/stamps", cookie: one)["member"] == oneFirst["member"])
            #expect(try await stamps(client, "/stamps", cookie: two)["member"] == twoFirst["member"])
            #expect(try await stamps(client, "/stamps")["member"] == visitor["member"])
        }
    }

    @Test("a fragment that prints the request's CSRF token is kept with a hole: each viewer gets the one copy with their own token")
    func tokensAreHolesInKeptFragments() async throws {
        let log = CapturedLog()
        let site = try await stampsSite(logger: Logger(label: "fragment-cache-test") { _ in log })
        try await site.test { client in
            let (oneSession, one) = try await site.member(1)
            let (twoSession, two) = try await site.member(2)
            let (_, first, _) = try await client.fetch("/stamps", headers: [.cookie: one])
            let (_, second, _) = try await client.fetch("/stamps", headers: [.cookie: two])
            let (_, visitor, visitorHeaders) = try await client.fetch("/stamps")
            let tokens = [first, second, visitor].map { $0.components(separatedBy: "token=").dropFirst().first.map { String($0.prefix(64)) } }
            #expect(tokens[0] == oneSession.csrfToken && tokens[1] == twoSession.csrfToken, "each member sees their own token")
            #expect(tokens[2].map { $0.count == 64 && $0.allSatisfy(\.isHexDigit) } == true, "the visitor gets a token of their own")
            #expect(visitorHeaders[values: .setCookie].contains { $0.hasPrefix(CSRFTokens.cookieName + "=") }, "and the cookie it is signed from")
            let stamps = [first, second, visitor].map { Self.stamps(in: $0)["token"] }
            #expect(stamps[0] != nil && Set(stamps).count == 1, "one copy for all three")
        }
        #expect(log.messages.filter { $0.contains("TokenStampComponent") }.isEmpty)
    }

    @Test("a per-user component with a form for members is reused for visitors and for each member, and nothing is logged")
    func perUserFormsAreReused() async throws {
        let log = CapturedLog()
        let site = try await ReadPathSite(
            scenes: [MemberFormScene.self], templates: MemberFormScene.templates,
            logger: Logger(label: "fragment-cache-test") { _ in log })
        try await site.test { client in
            let (_, member) = try await site.member(1)
            func stamp(_ cookie: String?) async throws -> (stamp: String?, forms: Int) {
                let (status, body, _) = try await client.fetch("/member-form", headers: cookie.map { [.cookie: $0] } ?? [:])
                #expect(status == .ok)
                let page = HTMLDocument(body)
                return (page.first("#form .stamp")?.text, page.select("#form form").count)
            }
            let visitor = try await stamp(nil)
            #expect(visitor.stamp != nil && visitor.forms == 0)
            #expect(try await stamp(nil).stamp == visitor.stamp, "visitors share one fragment")
            let first = try await stamp(member)
            let second = try await stamp(member)
            #expect(first.forms == 1 && second.forms == 1)
            #expect(first.stamp != visitor.stamp && first.stamp == second.stamp, "the member's own copy, kept: its token is a hole")
        }
        #expect(log.messages.filter { $0.contains("MemberFormComponent") }.isEmpty)
    }

    @Test("development mode reuses nothing")
    func developmentReusesNothing() async throws {
        let site = try await stampsSite { $0.isDevelopment = true }
        #expect(site.site.fragmentCache == nil)
        try await site.test { client in
            let first = try await stamps(client, "/stamps")
            let second = try await stamps(client, "/stamps")
            #expect(first["shared"] != second["shared"])
        }
    }

    @Test("TESSERA_FRAGMENT_CACHE=0 or --no-fragment-cache keep no fragment; reuse is on otherwise", arguments: [
        (["TESSERA_FRAGMENT_CACHE": "0"], [String](), false), (["TESSERA_FRAGMENT_CACHE": "1"], [], true), ([:], [], true),
        ([:], ["--no-fragment-cache"], false),
    ])
    func setting(_ input: ([String: String], [String], Bool)) throws {
        let configuration = try AppOptions.parse(input.1).configuration(environment: input.0)
        #expect(configuration.reusesFragments == input.2)
        #expect((FixtureApp().siteConfiguration(configuration).fragmentCacheLimit > 0) == input.2)
    }

    // MARK: - The cache itself

    @Test("an entry lives until a table it read changes, whatever else is written")
    func entriesLastUntilTheirTablesChange() async throws {
        let versions = LatestVersions()
        versions.raise(to: 1, changed: [])
        let cache = FragmentCache(limit: 1_000, versions: { versions.current }, logger: Self.quiet)
        var pending = try #require(await cache.lookup(Self.key("a"), from: cache.begin()).pending)
        pending.reads = Self.items
        cache.store(CachedFragment(bytes: Array("fragment".utf8), holes: []), for: pending)
        versions.raise(to: 2, changed: [(Self.likes, 2)])
        #expect(await cache.lookup(Self.key("a"), from: cache.begin()).fragment?.bytes == Array("fragment".utf8), "another table changed")
        #expect(await cache.lookup(Self.key("a"), from: cache.begin()).fragment?.reads == Self.items)
        versions.raise(to: 3, changed: [(Self.items, 3)])
        #expect(await cache.lookup(Self.key("a"), from: cache.begin()).fragment == nil, "its own table changed")
    }

    @Test("while one request renders a fragment, another that wants it waits and takes its bytes")
    func concurrentMissesRenderOnce() async throws {
        let cache = FragmentCache(limit: 100, versions: { DataVersions() }, logger: Self.quiet)
        let leader = try #require(await cache.lookup(Self.key("a"), from: cache.begin()).pending)
        #expect(leader.lead != nil)
        let waiter = Task { await cache.lookup(Self.key("a"), from: cache.begin()) }
        try await Self.untilWaiting(cache, Self.key("a"))
        cache.store(CachedFragment(bytes: Array("once".utf8), holes: []), for: leader)
        let (fragment, pending) = await waiter.value
        #expect(fragment?.bytes == Array("once".utf8))
        #expect(pending == nil)
        #expect(cache.lookups == (served: 1, loaded: 1))
    }

    @Test("a member's fragment that read a token loads at once afterwards, leading and awaiting nothing, until the data changes")
    func personalFragmentsSkipTheLead() async throws {
        let versions = LatestVersions()
        versions.raise(to: 1, changed: [])
        let cache = FragmentCache(limit: 100, versions: { versions.current }, logger: Self.quiet)
        let key = FragmentCache.Key(type: ObjectIdentifier(MemberStampComponent.self), id: "m", sceneURL: "/", query: "", userID: 3)
        let leader = try #require(await cache.lookup(key, from: cache.begin()).pending)
        #expect(leader.lead != nil)
        cache.refuse(MemberStampComponent.self, key: key, start: leader.start, lead: leader.lead)
        let again = await cache.lookup(key, from: cache.begin())
        #expect(again.fragment == nil && again.pending == nil, "loads alone: no lead to wait for, nothing to keep")
        let other = FragmentCache.Key(type: ObjectIdentifier(MemberStampComponent.self), id: "m", sceneURL: "/", query: "", userID: 4)
        #expect(await cache.lookup(other, from: cache.begin()).pending?.lead != nil, "another member's key is tried")
        versions.raise(to: 2, changed: [(Self.items, 2)])
        #expect(await cache.lookup(key, from: cache.begin()).pending?.lead != nil, "tried again once the data changed")
    }

    @Test("a waiter whose leader gives up, or rendered before a change to its tables, renders on its own")
    func waiterOfAFailedLeadRendersAlone() async throws {
        let versions = LatestVersions()
        versions.raise(to: 1, changed: [])
        let cache = FragmentCache(limit: 100, versions: { versions.current }, logger: Self.quiet)
        var leader = try #require(await cache.lookup(Self.key("a"), from: cache.begin()).pending)
        var waiter = Task { await cache.lookup(Self.key("a"), from: cache.begin()) }
        try await Self.untilWaiting(cache, Self.key("a"))
        leader.lead?.finish(nil)  // as when its load failed and its request ended
        #expect(await waiter.value.fragment == nil)
        #expect(await waiter.value.pending?.lead == nil)

        for (changed, taken) in [(Self.likes, true), (Self.items, false)] {
            let key = Self.key("b\(taken)")
            leader = try #require(await cache.lookup(key, from: cache.begin()).pending)
            leader.reads = Self.items
            let next = versions.current.generation + 1
            versions.raise(to: next, changed: [(changed, next)])
            waiter = Task { await cache.lookup(key, from: cache.begin()) }
            try await Self.untilWaiting(cache, key)
            cache.store(CachedFragment(bytes: Array("old".utf8), holes: []), for: leader)
            #expect((await waiter.value.fragment != nil) == taken, "rendered before a write this request saw, to \(changed)")
        }
    }

    @Test("a write to a table the component read, committed while it loaded, keeps its fragment out; one to another table does not")
    func writeDuringLoadIsNotStored() async throws {
        let versions = LatestVersions()
        versions.raise(to: 7, changed: [])
        let cache = FragmentCache(limit: 1_000, versions: { versions.current }, logger: Self.quiet)
        var pending = try #require(await cache.lookup(Self.key("a"), from: cache.begin()).pending)
        pending.reads = Self.items
        versions.raise(to: 8, changed: [(Self.items, 8)])
        cache.store(CachedFragment(bytes: Array("stale".utf8), holes: []), for: pending)
        #expect(await cache.lookup(Self.key("a"), from: cache.begin()).fragment?.bytes == nil)
        #expect(cache.usage.entries == 0)

        pending = try #require(await cache.lookup(Self.key("b"), from: cache.begin()).pending)
        pending.reads = Self.items
        versions.raise(to: 9, changed: [(Self.likes, 9)])
        cache.store(CachedFragment(bytes: Array("fresh".utf8), holes: []), for: pending)
        #expect(await cache.lookup(Self.key("b"), from: cache.begin()).fragment?.bytes == Array("fresh".utf8))
    }

    @Test("the bytes held never pass the limit: stale entries go first, then the oldest")
    func limitIsKept() async {
        let versions = LatestVersions()
        versions.raise(to: 1, changed: [])
        let cache = FragmentCache(limit: 100, versions: { versions.current }, logger: Self.quiet)
        func put(_ name: String, _ size: Int) async {
            let pending = await cache.lookup(Self.key(name), from: cache.begin()).pending!
            cache.store(CachedFragment(bytes: [UInt8](repeating: 65, count: size), holes: []), for: pending)
        }
        for index in 0..<10 { await put("old\(index)", 10) }
        #expect(cache.usage == (10, 100))
        versions.raise(to: 2, changed: [(Self.items, 2)])
        await put("new", 30)
        #expect(cache.usage == (1, 30), "the entries that read the changed table were dropped")
        for index in 0..<8 { await put("more\(index)", 10) }
        #expect(cache.usage.bytes <= 100)
        #expect(await cache.lookup(Self.key("more7"), from: cache.begin()).fragment?.bytes != nil, "the newest entry is kept")
        #expect(await cache.lookup(Self.key("new"), from: cache.begin()).fragment?.bytes == nil, "the oldest made room")
        await put("huge", 101)
        #expect(await cache.lookup(Self.key("huge"), from: cache.begin()).fragment?.bytes == nil, "a fragment over the limit is not kept")
    }

    // MARK: - Helpers

    private func stampsSite(logger: Logger? = nil, configure: (inout SiteConfiguration) -> Void = { _ in }) async throws
        -> ReadPathSite
    {
        try await ReadPathSite(scenes: [StampsScene.self], templates: StampsScene.templates, logger: logger, configure: configure)
    }

    /// Each component's stamp on the page at `uri`, by component id.
    private func stamps(_ client: TestClient, _ uri: String, cookie: String? = nil) async throws -> [String: String] {
        let (status, body, _) = try await client.fetch(uri, headers: cookie.map { [.cookie: $0] } ?? [:])
        #expect(status == .ok)
        let found = Self.stamps(in: body)
        #expect(found.count == 4, "every component rendered")
        return found
    }

    /// The stamps in `page`, by the id of the component holding each.
    static func stamps(in page: String) -> [String: String] {
        var found: [String: String] = [:]
        for part in page.components(separatedBy: "<section id=\"").dropFirst() {
            let id = String(part.prefix { $0 != "\"" })
            if let stamp = stamp(in: part) { found[id] = stamp }
        }
        return found
    }

    /// The first stamp in `text`.
    static func stamp(in text: String) -> String? {
        text.components(separatedBy: "stamp=").dropFirst().first.map { String($0.prefix { $0 != ";" }) }
    }

    /// Returns once a request waits for another's render of `key` (at most 100,000 turns).
    static func untilWaiting(_ cache: FragmentCache, _ key: FragmentCache.Key) async throws {
        for _ in 0..<100_000 where cache.waiters(for: key) == 0 { await Task.yield() }
        try #require(cache.waiters(for: key) == 1, "no request waits for the render")
    }

    static func key(_ id: String) -> FragmentCache.Key {
        FragmentCache.Key(type: ObjectIdentifier(SharedStampComponent.self), id: id, sceneURL: "/", query: "", userID: nil)
    }

    static let quiet = Logger(label: "fragment-cache-test") { _ in SwiftLogNoOpLogHandler() }
    /// Two tables' bits.
    static let items = TableSet(bits: 1)
    static let likes = TableSet(bits: 2)
}

/// What a reused component's `load` can see is what its reuse key holds.
@Suite("Reused components' scope")
struct ReusedScopeTests {
    @Test("a shared component sees no viewer, a per-member one only the member's id: no cookie, token, credentials or address")
    func reusedComponentsSeeNoViewer() async throws {
        let site = try await ReadPathSite { $0.clientAddressHeader = "X-Forwarded-For" }
        defer { try? FileManager.default.removeItem(at: site.folder) }
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/stamps")
        head.headerFields[.cookie] = "tessera_session=" + String(repeating: "a", count: 64)
        head.headerFields[.authorization] = "Bearer secret"
        head.headerFields[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.9"
        let scope = RequestScope(
            request: Request(head: head, body: .init(buffer: .init())), path: Parameters([], origin: .path),
            query: Parameters([], origin: .query), form: .none, files: [], site: site.site,
            database: site.site.database.counting(into: QueryCounter()),
            session: Session(id: String(repeating: "a", count: 64), userID: 3, csrfToken: "the-members-token"), wantsFragment: false,
            clientAddress: "203.0.113.9")

        let never = scope.seenBy(.never)
        #expect(never.userID == 3 && never.session.csrfToken == "the-members-token" && never.request.headers[.cookie] != nil)
        for (caching, member) in [(FragmentCaching.shared, nil), (.perUser, Int64(3))] {
            let seen = scope.seenBy(caching)
            #expect(seen.userID == member, "\(caching)")
            #expect(seen.session.csrfToken == "" && !seen.session.isStored, "\(caching)")
            #expect(seen.request.headers[.cookie] == nil && seen.request.headers[.authorization] == nil, "\(caching)")
            #expect(seen.request.headers[HTTPField.Name("X-Forwarded-For")!] == nil && seen.clientAddress == nil, "\(caching)")
            #expect(seen.request.uri.path == "/stamps", "the page it is on stays known")
        }
    }
}
