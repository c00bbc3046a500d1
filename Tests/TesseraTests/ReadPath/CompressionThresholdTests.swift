import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// ``CompressionMiddleware``'s size threshold and the content types it compresses.
@Suite("Compression threshold")
struct CompressionThresholdTests {
    private func layout(padding: Int) -> String {
        "<!DOCTYPE html><html><head><title>t</title></head><body>{{content}}<p>\(String(repeating: "padding ", count: padding))</p></body></html>"
    }

    @Test("a page under 1,024 bytes is sent plain; the same page made longer is gzipped")
    func minimumSize() async throws {
        let small = try await ReadPathSite(layout: layout(padding: 1))
        let smallPage = try await small.test { client in
            try await client.send(method: .get, uri: "/items", headers: [.acceptEncoding: "gzip"])
        }
        #expect(smallPage.status == .ok)
        #expect(smallPage.body.readableBytes < 1024)
        #expect(smallPage.headers[.contentEncoding] == nil)
        let large = try await ReadPathSite(layout: layout(padding: 200))
        let largePage = try await large.test { client in
            try await client.send(method: .get, uri: "/items", headers: [.acceptEncoding: "gzip"])
        }
        #expect(largePage.status == .ok)
        #expect(largePage.headers[.contentEncoding] == "gzip")
    }

    @Test("text types are compressed; images, fonts and event streams are not", arguments: [
        ("text/html; charset=utf-8", true), ("text/css", true), ("application/json", true), ("image/svg+xml", true),
        ("Text/Plain", true), ("text/event-stream", false), ("image/png", false), ("font/woff2", false),
        ("application/octet-stream", false),
    ])
    func textTypes(_ pair: (String, Bool)) {
        #expect(GzipCompressors.compresses(contentType: pair.0) == pair.1)
    }
}

/// Turning compression off, for an app behind a proxy that compresses.
@Suite("Compression setting")
struct CompressionSettingTests {
    @Test("with compressesResponses off, a long page goes out plain")
    func offSendsPlain() async throws {
        let layout = "<!DOCTYPE html><html><head><title>t</title></head><body>{{content}}<p>\(String(repeating: "padding ", count: 200))</p></body></html>"
        let site = try await ReadPathSite(layout: layout) { $0.compressesResponses = false }
        let page = try await site.test { client in
            try await client.send(method: .get, uri: "/items", headers: [.acceptEncoding: "gzip"])
        }
        #expect(page.status == .ok)
        #expect(page.body.readableBytes > 1024)
        #expect(page.headers[.contentEncoding] == nil)
    }

    @Test("TESSERA_COMPRESS=0 or --no-compress turn it off; it is on otherwise", arguments: [
        (["TESSERA_COMPRESS": "0"], [String](), false), (["TESSERA_COMPRESS": "1"], [], true), ([:], [], true),
        ([:], ["--no-compress"], false),
    ])
    func setting(_ input: ([String: String], [String], Bool)) throws {
        let options = try AppOptions.parse(input.1)
        #expect(try options.configuration(environment: input.0).compressesResponses == input.2)
        let site = FixtureApp().siteConfiguration(try options.configuration(environment: input.0))
        #expect(site.compressesResponses == input.2)
    }
}
