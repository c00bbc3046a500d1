import ArgumentParser
import Foundation
import Tessera
import TesseraDemo
import TesseraTesting

// MARK: - ReuseBench

/// `tessera-bench reuse`: a read-only load on the demo's composed pages (in process, as
/// visitors), run three times — with nothing written, with the analytics writer storing the page
/// views every 0.5 s, as a served site does, and with a like a second — printing for each the
/// share of visitors' pages answered from a kept page and of component lookups answered from a
/// reused fragment. Tessera's own bookkeeping (analytics, sessions, throttles, tokens) must not
/// end reuse, so the first two should match.
struct ReuseBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reuse",
        abstract: "Share of pages and components served from reuse in a read-only load: nothing written, analytics written, a like a second.")

    @Option(help: "The project's folder (with Views/ and Public/).")
    var root = "."

    @Option(help: "Seconds of load per run.")
    var seconds = 3.0

    @Option(help: "The database: a SQLite path (default a new temporary file per run) or a postgres:// URL.")
    var db: String?

    @Option(parsing: .upToNextOption, help: "Pages loaded in turn.")
    var pages = ["/", "/users/1", "/blogs/1", "/photos"]

    func run() async throws {
        print(
            "run".padding(toLength: 32, withPad: " ", startingAt: 0), "requests", "  events stored", "            pages kept",
            "     components reused")
        for writes in [Writes.nothing, .analytics, .likes] {
            let run = try await load(writing: writes)
            print(
                writes.rawValue.padding(toLength: 32, withPad: " ", startingAt: 0), String(run.requests).leftPadded(8),
                String(run.stored).leftPadded(15), Self.share(run.pages).leftPadded(22), Self.share(run.components).leftPadded(22))
        }
    }

    /// `served` over all lookups, as a percentage with the counts.
    private static func share(_ lookups: (served: Int, other: Int)) -> String {
        let all = lookups.served + lookups.other
        return String(format: "%.1f%%", Double(lookups.served) / Double(max(1, all)) * 100) + " (\(lookups.served)/\(all))"
    }

    /// What a run writes meanwhile.
    enum Writes: String {
        case nothing = "nothing written"
        case analytics = "analytics written every 0.5 s"
        /// An app write: post 1's like by member 1, taken back and given again.
        case likes = "a like every 1 s"
    }

    /// One run: `seconds` of GETs over ``pages`` while `writes` are written; returns the requests
    /// made, the analytics events or likes stored, and the page and component lookups served
    /// from reuse and not.
    private func load(writing writes: Writes) async throws
        -> (requests: Int, stored: Int, pages: (served: Int, other: Int), components: (served: Int, other: Int))
    {
        let (root, db, pages, seconds) = (root, db, pages, seconds)
        let app = try await TestApp<DemoApp>(root: URL(fileURLWithPath: root)) { configuration in
            if let db { configuration.databasePath = db }
        }
        let site = app.site
        return try await app.test { client in
            for page in pages {
                let first = try await client.get(page)
                guard first.status == .ok else { throw ValidationError("\(page) answered \(first.status.code), not 200") }
            }
            let (before, pagesBefore) = (site.fragmentLookups, site.pageLookups)
            let writer = Task {
                var stored = 0
                while !Task.isCancelled {
                    switch writes {
                    case .nothing: try? await Task.sleep(for: .milliseconds(500))
                    case .analytics:
                        try? await Task.sleep(for: .milliseconds(500))
                        stored += await AnalyticsWriter(site: site).flush()
                    case .likes:
                        try? await Task.sleep(for: .seconds(1))
                        _ = try? await site.database.write { db in
                            try await db.execute("DELETE FROM \"like\" WHERE userID = 1 AND blogID = 1")
                            try await db.execute("INSERT INTO \"like\" (userID, blogID) VALUES (1, 1)")
                        }
                        stored += 1
                    }
                }
                return stored
            }
            let deadline = ContinuousClock.now + .seconds(seconds)
            var requests = 0
            while ContinuousClock.now < deadline {
                for page in pages { _ = try await client.get(page) }
                requests += pages.count
            }
            writer.cancel()
            let stored = await writer.value
            let (after, pagesAfter) = (site.fragmentLookups, site.pageLookups)
            return (
                requests, stored, (pagesAfter.served - pagesBefore.served, pagesAfter.rendered - pagesBefore.rendered),
                (after.served - before.served, after.loaded - before.loaded)
            )
        }
    }
}
