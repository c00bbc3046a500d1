import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TesseraTesting
import Testing

@testable import TesseraDemo

/// `/fortunes` against the benchmark's published rules (TechEmpower's "Fortunes" test).
@Suite("Fortunes page")
struct FortunesSceneTests {
    /// The page the benchmark expects, built here by hand from the rules, not from our renderer.
    static let expected: String = {
        let rows: [(Int, String)] = [
            (11, "&lt;script&gt;alert(&quot;This should not be displayed in a browser alert box.&quot;);&lt;/script&gt;"),
            (4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
            (5, "A computer program does what you tell it to do, not what you want it to do."),
            (2, "A computer scientist is someone who fixes things that aren&#39;t broken."),
            (8, "A list is only as strong as its weakest link. — Donald Knuth"),
            (0, "Additional fortune added at request time."),
            (3, "After enough decimal places, nobody gives a damn."),
            (7, "Any program that runs right is obsolete."),
            (10, "Computers make very fast, very accurate mistakes."),
            (6, "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"),
            (9, "Feature: A bug with seniority."),
            (1, "fortune: No such file or directory"),
            (12, "フレームワークのベンチマーク"),
        ]
        return "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>"
            + rows.map { "<tr><td>\($0.0)</td><td>\($0.1)</td></tr>" }.joined() + "</table></body></html>"
    }()

    @Test("the page is byte for byte the benchmark's, 1,226 bytes")
    func pageIsByteExact() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let response = try await client.send(method: .get, uri: "/fortunes")
            #expect(response.status == .ok)
            #expect(response.text == Self.expected)
            #expect(response.body.readableBytes == 1226)
        }
    }

    @Test("the required headers are present over a real connection")
    func headers() async throws {
        let site = try await TestSite()
        try await site.testLive { client in
            let response = try await client.execute(uri: "/fortunes", method: .get)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.contentLength] == "1226")
            #expect(response.headers[.server] == "Tessera Community")
            #expect(response.headers[.date] != nil)
        }
    }

    @Test("a row added to the table appears, sorted, without assuming the count")
    func readsTheTable() async throws {
        let site = try await TestSite()
        try await ContentFixtures.execute("INSERT INTO Fortune (id, message) VALUES (?, ?)", [13, "Aardvark <b>&</b>"], in: site)
        try await site.test { client in
            let text = try await client.send(method: .get, uri: "/fortunes").text
            #expect(text.contains("<tr><th>id</th><th>message</th></tr><tr><td>11</td>"))
            #expect(text.contains("<tr><td>2</td><td>A computer scientist is someone who fixes things that aren&#39;t broken.</td></tr><tr><td>8</td>"))
            #expect(text.contains("Knuth</td></tr><tr><td>13</td><td>Aardvark &lt;b&gt;&amp;&lt;/b&gt;</td></tr><tr><td>0</td>"))
        }
    }

    @Test("unknown paths get a 404 HTML page", arguments: ["/nope", "/fortunes/extra", "/fortunes/_/missing", "/%ZZ"])
    func unknownPaths(_ path: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let response = try await client.send(method: .get, uri: path)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains("<h1 id=\"error-title\">Page not found</h1>"))
        }
    }

    @Test("the in-memory sample matches the stored page")
    func sampleMatches() async throws {
        let site = try await TestSite()
        let html = site.site.templates.render(FortunesPage.template, FortunesPage.model(FortunesPage.sampleFortunes()))
        #expect(html.description == Self.expected)
    }
}
