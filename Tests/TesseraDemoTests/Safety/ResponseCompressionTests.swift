import CompressNIO
import Foundation
import HTTPTypes
import NIOCore
import Testing
import TesseraTesting

@testable import TesseraDemo

/// Pages the same for everyone go out gzipped to clients that accept it; pages holding a
/// secret (a member's page, a visitor's form with its CSRF token) never do (BREACH).
@Suite("Response compression")
struct ResponseCompressionTests {
    private func gunzip(_ body: ByteBuffer) throws -> String {
        var compressed = body
        return String(buffer: try compressed.decompress(with: .gzip()))
    }

    @Test("a public page is gzipped for a client that accepts gzip, and unzips to the plain page", arguments: [
        "/users/1", "/", "/blogs/1", "/photos", "/fortunes",
    ])
    func publicPagesAreGzipped(_ path: String) async throws {
        try await TestSite().test { client in
            let plain = try await client.send(method: .get, uri: path)
            let zipped = try await client.send(method: .get, uri: path, headers: [.acceptEncoding: "gzip, deflate, br"])
            #expect(plain.status == .ok && zipped.status == .ok)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            let vary = path == "/fortunes" ? "Accept-Encoding" : "Cookie, Accept-Encoding"  // pages with sessions vary by cookie
            #expect(plain.headers[.vary] == vary && zipped.headers[.vary] == vary)
            #expect(zipped.body.readableBytes < plain.body.readableBytes * 3 / 5)
            #expect(zipped.headers[.contentLength] == String(zipped.body.readableBytes))
            #expect(try gunzip(zipped.body) == String(buffer: plain.body))
        }
    }

    @Test("gzip refused with q=0, or not offered, leaves the page plain", arguments: ["gzip;q=0", "identity", "br"])
    func refusedGzip(_ accepted: String) async throws {
        try await TestSite().test { client in
            let response = try await client.send(method: .get, uri: "/users/1", headers: [.acceptEncoding: accepted])
            #expect(response.headers[.contentEncoding] == nil)
            #expect(String(buffer: response.body).contains("<html"))
        }
    }

    @Test("a visitor's page with a form is private and plain: it holds the visitor's CSRF token")
    func formPagesArePrivateAndPlain() async throws {
        try await TestSite().test { client in
            let response = try await client.send(method: .get, uri: "/signin", headers: [.acceptEncoding: "gzip"])
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "private")
            #expect(response.headers[.contentEncoding] == nil)
            #expect(String(buffer: response.body).contains("name=\"_csrf\""))
            let formless = try await client.send(method: .get, uri: "/users/1")
            #expect(formless.headers[.cacheControl] == nil, "a page without a form stays cacheable")
        }
    }

    @Test("a member's pages are never compressed")
    func memberPagesArePlain() async throws {
        try await TestSite().test { client in
            let member = try await client.signIn()
            for path in ["/users/1", "/", "/blogs/1"] {
                let response = try await client.send(
                    method: .get, uri: path, headers: [.acceptEncoding: "gzip", .cookie: member.cookie])
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == nil, "\(path)")
                #expect(response.headers[.cacheControl] == "no-store")
            }
        }
    }

    @Test("HEAD answers and precompressed assets are left as they are")
    func leftAlone() async throws {
        try await TestSite().test { client in
            let head = try await client.send(method: .head, uri: "/users/1", headers: [.acceptEncoding: "gzip"])
            #expect(head.status == .ok && head.headers[.contentEncoding] == nil && head.body.readableBytes == 0)
            let css = try await client.send(method: .get, uri: "/css/app.css", headers: [.acceptEncoding: "gzip"])
            #expect(css.headers[.contentEncoding] == "gzip")
            #expect(css.headers[values: .contentEncoding].count == 1, "precompressed once, not again")
            #expect(try gunzip(css.body).contains("{"))
        }
    }
}
