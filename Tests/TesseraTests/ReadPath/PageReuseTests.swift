import Foundation
import HTTPTypes
import Logging
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A scene that allows it has a visitor's whole page kept and sent again, exactly while it is
/// what rendering again would send: until a table it read changes, keyed by URL, never for a
/// member, a notice, a token or a component that does not allow reuse.
@Suite("Visitor page reuse")
struct PageReuseTests {
    // MARK: - Kept

    @Test("a visitor's page is kept, headers and all, until a table it read changes; every view is recorded")
    func keptUntilAWrite() async throws {
        let log = CapturedLog()
        let site = try await Self.site(logger: Logger(label: "page-reuse-test") { _ in log })
        try await site.test { client in
            let first = try await Self.page(client, "/kept/1?views")
            let second = try await Self.page(client, "/kept/1?views")
            #expect(second == first, "the scene did not load again, nor its component")
            #expect(first.header == first.sceneStamp, "the header the scene set")
            #expect(KeptPageScene.views.withLock { $0["/kept/1?views"] } == 2, "the kept page's view is recorded too")

            try await site.site.database.write { db in try await db.execute("UPDATE item SET title = 'Renamed' WHERE id = 1") }
            let after = try await Self.page(client, "/kept/1?views")
            #expect(after.heading == "Renamed" && after.title == "Renamed" && after.sceneStamp != first.sceneStamp && after.stamp != first.stamp)
            #expect(try await Self.page(client, "/kept/1?views") == after, "kept again")
        }
        let lines = log.messages.filter { $0.hasPrefix("GET /kept/1 200 ") }
        #expect(lines.map { $0.hasSuffix(" sql=0 page kept") } == [false, true, false, true], "the request log says which were kept: \(lines)")
    }

    @Test("the path and query key the page: another query is rendered, the first still kept")
    func queryKeysThePage() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let plain = try await Self.page(client, "/kept/2")
            let paged = try await Self.page(client, "/kept/2?page=2")
            let other = try await Self.page(client, "/kept/3")
            #expect(plain.sceneStamp != paged.sceneStamp && plain.sceneStamp != other.sceneStamp)
            #expect(try await Self.page(client, "/kept/2?page=2") == paged)
            #expect(try await Self.page(client, "/kept/2") == plain)
        }
    }

    @Test("a 404 is not kept: the page answers once its item exists")
    func refusalsAreNotKept() async throws {
        let site = try await Self.site()
        try await site.test { client in
            #expect(try await client.fetch("/kept/99").0 == .notFound)
            try await site.site.database.write { db in try await db.execute("INSERT INTO item (id, title) VALUES (99, 'Late')") }
            #expect(try await Self.page(client, "/kept/99").heading == "Late")
        }
    }

    // MARK: - Not kept

    @Test("members and a visitor with a notice waiting get a page of their own and leave none")
    func membersAndNoticesAreNeverServedAKeptPage() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let visitor = try await Self.page(client, "/kept/4")
            let (_, member) = try await site.member(1)
            let memberPages = [try await Self.page(client, "/kept/4", cookie: member), try await Self.page(client, "/kept/4", cookie: member)]
            let noticeCookie = SessionMiddleware.cookieName(NoticeStore.cookieName, secure: false) + "=" + String(repeating: "b", count: 64)
            let noticed = try await Self.page(client, "/kept/4", cookie: noticeCookie)
            let stamps = Set([visitor.sceneStamp] + memberPages.map(\.sceneStamp) + [noticed.sceneStamp])
            #expect(stamps.count == 4, "each rendered its own page")
            #expect(try await Self.page(client, "/kept/4") == visitor, "the visitors' page is still the first")
        }
    }

    @Test("a page whose templates read the form token is not kept")
    func tokenPagesAreNotKept() async throws {
        let site = try await Self.site(layout: PageReuseTemplates.tokenLayout)
        try await site.test { client in
            let first = try await Self.page(client, "/kept/5")
            let second = try await Self.page(client, "/kept/5")
            #expect(first.sceneStamp != second.sceneStamp)
            #expect(first.stamp == second.stamp, "its component's fragment is still reused")
        }
    }

    @Test("a page holding a component that never reuses is rendered every time, and the log names the scene once")
    func neverReusedComponentsKeepThePageOut() async throws {
        let log = CapturedLog()
        let site = try await Self.site(logger: Logger(label: "page-reuse-test") { _ in log })
        try await site.test { client in
            var stamps: Set<String> = []
            for _ in 0..<3 {
                let (status, body, _) = try await client.fetch("/never-kept")
                #expect(status == .ok)
                stamps.insert(try #require(HTMLDocument(body).first("#never .stamp")).text)
            }
            #expect(stamps.count == 3)
        }
        #expect(log.messages.filter { $0.contains("NeverKeptPageScene") && $0.contains("NeverPageStampComponent") }.count == 1)
    }

    @Test("a page holding a component that failed to load is not kept: the next visitor gets it loaded")
    func failedComponentsKeepThePageOut() async throws {
        let site = try await Self.site()
        try await site.test { client in
            FlakyStampComponent.fails.withLock { $0 = true }
            let (status, failed, _) = try await client.fetch("/flaky-kept")
            FlakyStampComponent.fails.withLock { $0 = false }
            #expect(status == .ok && HTMLDocument(failed).first("#flaky .stamp") == nil, "the page shows the component's error")
            let (_, loaded, _) = try await client.fetch("/flaky-kept")
            #expect(HTMLDocument(loaded).first("#flaky .title")?.text == "Flaky")
        }
    }

    @Test("with reuse off, or in development mode, no page is kept", arguments: ["off", "development"])
    func noPagesWhenReuseIsOff(_ setting: String) async throws {
        let site = try await Self.site { configuration in
            if setting == "off" { configuration.fragmentCacheLimit = 0 } else { configuration.isDevelopment = true }
        }
        try await site.test { client in
            let first = try await Self.page(client, "/kept/1")
            #expect(try await Self.page(client, "/kept/1").sceneStamp != first.sceneStamp)
        }
    }

    // MARK: - Live

    @Test("a kept live page says it is fresh at its request's start")
    func keptLivePagesCarryTheRequestsGeneration() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let (_, first, _) = try await client.fetch("/live-kept")
            try await site.site.database.write { db in try await db.execute("UPDATE item SET title = 'Elsewhere' WHERE id = 1") }
            try await site.site.database.refreshFromOtherConnections()
            let (_, second, _) = try await client.fetch("/live-kept")
            let (one, two) = (HTMLDocument(first), HTMLDocument(second))
            #expect(one.first("#note .stamp")?.text == two.first("#note .stamp")?.text, "kept: the page read no table the write changed")
            let since = [one, two].map { $0.first("#note")?[attribute: "data-tessera-live-since"].flatMap { UInt64($0) } }
            #expect(since[1] == site.site.database.currentGeneration)
            #expect(since[0].map { $0 < site.site.database.currentGeneration } == true)
        }
    }

    // MARK: - Across processes

    @Test("under concurrent visitors, no kept page is older than a write another process acknowledged, on both databases")
    func concurrentVisitorsSeeAnotherProcessesWrite() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await Self.site(location: location)
            defer { site.site.database.close() }
            let other = try await ReadPathSite(location: location)  // a second server's own connections on the database
            defer {
                other.site.database.close()
                try? FileManager.default.removeItem(at: other.folder)
            }
            try await site.test { client in
                var stale: [String] = []
                for round in 1...5 {
                    let title = "Round \(round)"
                    stale += try await other.rename(to: title) {
                        let shown = try await Self.page(client, "/kept/1")
                        return [shown.title, shown.heading]
                    }
                    let (once, again) = (try await Self.page(client, "/kept/1"), try await Self.page(client, "/kept/1"))
                    #expect(once.title == title)
                    #expect(once == again, "round \(round): kept between writes")
                }
                #expect(stale.isEmpty, "titles older than an acknowledged write: \(stale)")
            }
        }
    }

    // MARK: - Helpers

    /// What a page of ``KeptPageScene`` shows.
    struct Page: Equatable {
        /// The item's title as the scene read it, and the stamp it drew.
        let heading: String
        let sceneStamp: String
        /// The header the scene set.
        let header: String?
        /// The component's title and stamp.
        let title: String
        let stamp: String
    }

    /// The page at `uri`, as a visitor or with `cookie`.
    static func page(_ client: TestClient, _ uri: String, cookie: String? = nil) async throws -> Page {
        let (status, body, headers) = try await client.fetch(uri, headers: cookie.map { [.cookie: $0] } ?? [:])
        #expect(status == .ok)
        let page = HTMLDocument(body)
        let words = try #require(page.first("title")).text.split(separator: " ").map(String.init)
        return Page(
            heading: words.dropLast().joined(separator: " "), sceneStamp: words.last ?? "", header: headers[KeptPageScene.header],
            title: try #require(page.first("#stamp .title")).text, stamp: try #require(page.first("#stamp .stamp")).text)
    }

    /// A site serving the page-reuse scenes on a new database (SQLite unless `location` says),
    /// in `layout` (default one that reads no token).
    static func site(
        location: DatabaseLocation? = nil, layout: String = PageReuseTemplates.layout, logger: Logger? = nil,
        configure: (inout SiteConfiguration) -> Void = { _ in }
    ) async throws -> ReadPathSite {
        try await ReadPathSite(
            location: location, layout: layout, scenes: [KeptPageScene.self, NeverKeptPageScene.self, LiveKeptPageScene.self, FlakyKeptPageScene.self],
            templates: PageReuseTemplates.all, logger: logger, configure: configure)
    }
}
