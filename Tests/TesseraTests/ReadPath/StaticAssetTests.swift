import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Static files from an index built at start-up: fingerprinted URLs cached for a year,
/// validators and 304s, precompressed gzip, HEAD, and no file system access per request.
@Suite("Static assets")
struct StaticAssetTests {
    static let css = String(repeating: "main { margin: 0 auto; padding: 1rem; }\n", count: 40)

    private func site(dev: Bool = false) async throws -> ReadPathSite {
        try await ReadPathSite(
            files: ["css/app.css": Self.css, "js/app.min.js": "console.log(1)", "favicon.svg": "<svg></svg>"],
            layout: """
                <!DOCTYPE html><html><head><link rel="stylesheet" href="{{assets.css/app.css}}"><script src="{{assets.js/app.min.js}}"></script><link rel="icon" href="{{assets.favicon.svg}}"></head><body>{{content}}<p>missing={{assets.css/none.css}};</p></body></html>
                """
        ) { $0.isDevelopment = dev }
    }

    private static let hash = String(Digests.sha256Hex(css.utf8).prefix(12))

    @Test("the layout's helpers give fingerprinted URLs, served for a year as immutable")
    func fingerprintedURLs() async throws {
        try await site().test { client in
            let (_, page, _) = try await client.fetch("/items")
            let url = "/css/app.\(Self.hash).css"
            #expect(page.contains("href=\"\(url)\""))
            #expect(page.contains("<script src=\"/js/app.min."))
            #expect(page.contains("<link rel=\"icon\" href=\"/favicon."))
            #expect(page.contains("missing=;"), "a name that is no file gives nothing")
            let response = try await client.send(method: .get, uri: url)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == Self.css)
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(response.headers[.contentType] == "text/css; charset=utf-8")
            let plain = try await client.send(method: .get, uri: "/css/app.css")
            #expect(plain.headers[.cacheControl] == "public, max-age=300")
            #expect(plain.headers[.eTag] == response.headers[.eTag])
            let wrongHash = try await client.send(method: .get, uri: "/css/app.000000000000.css")
            #expect(wrongHash.status == .notFound)
        }
    }

    @Test("ETag and Last-Modified validate: a current copy gets 304 without a body")
    func conditionalRequests() async throws {
        try await site().test { client in
            let first = try await client.send(method: .get, uri: "/css/app.css")
            let etag = try #require(first.headers[.eTag])
            let modified = try #require(first.headers[.lastModified])
            #expect(HTTPDate.parse(modified) != nil)
            let validators: [HTTPFields] = [
                [.ifNoneMatch: etag], [.ifNoneMatch: "\"other\", W/\(etag)"], [.ifNoneMatch: "*"], [.ifModifiedSince: modified],
            ]
            for headers in validators {
                let again = try await client.send(method: .get, uri: "/css/app.css", headers: headers)
                #expect(again.status == .notModified)
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == etag)
            }
            let changed = try await client.send(method: .get, uri: "/css/app.css", headers: [.ifNoneMatch: "\"other\""])
            #expect(changed.status == .ok && changed.body.readableBytes == Self.css.utf8.count)
            let old = try await client.send(
                method: .get, uri: "/css/app.css", headers: [.ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT"])
            #expect(old.status == .ok)
        }
    }

    @Test("a client that accepts gzip gets the precompressed file; others get it plain", arguments: [
        ("gzip, deflate, br", true), ("br;q=1.0, gzip;q=0.8", true), ("*", true), ("gzip;q=0", false), ("identity", false), ("", false),
    ])
    func gzip(_ pair: (String, Bool)) async throws {
        try await site().test { client in
            let headers: HTTPFields = pair.0.isEmpty ? [:] : [.acceptEncoding: pair.0]
            let response = try await client.send(method: .get, uri: "/css/app.css", headers: headers)
            #expect(response.headers[.vary] == "Accept-Encoding")
            var body = response.body
            if pair.1 {
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(body.readableBytes < Self.css.utf8.count / 4)
                #expect(response.headers[.contentLength] == String(body.readableBytes))
                let plain = try body.decompress(with: .gzip())
                #expect(String(buffer: plain) == Self.css)
            } else {
                #expect(response.headers[.contentEncoding] == nil)
                #expect(String(buffer: body) == Self.css)
            }
        }
    }

    @Test("Accept-Encoding is read as RFC 9110 says: any case, spaces and tabs around, q=0 refuses", arguments: [
        ("gzip", true), (" GZIP ", true), ("deflate,\tgzip ;q=0.5", true), ("gzip;q=0.001", true), ("gzip;q=abc", true),
        ("*;q=1", true), ("gzip;q=0.0", false), ("gzip; Q=0", false), ("gzip ; q=0.000", false), ("x-gzip", false),
        ("gzipx", false), (",,;", false), ("", false), ("identity, br", false),
    ])
    func acceptEncodingParsing(_ pair: (String, Bool)) {
        #expect(StaticFileMiddleware<TesseraRequestContext>.acceptsGzip([.acceptEncoding: pair.0]) == pair.1)
    }

    @Test("HEAD gives a file's headers without its body")
    func head() async throws {
        try await site().test { client in
            let response = try await client.send(method: .head, uri: "/css/app.\(Self.hash).css")
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
            #expect(response.headers[.contentLength] == String(Self.css.utf8.count))
        }
    }

    @Test("files are read at start-up: a request never touches the folder (development mode rescans)")
    func indexBuiltAtStartUp() async throws {
        let production = try await site()
        let folder = production.site.configuration.publicDirectory
        try FileManager.default.removeItem(atPath: folder + "/css/app.css")
        try "new".write(toFile: folder + "/late.txt", atomically: true, encoding: .utf8)
        try await production.test { client in
            let (deleted, _, _) = try await client.fetch("/css/app.css")
            let (added, _, _) = try await client.fetch("/late.txt")
            #expect(deleted == .ok)
            #expect(added == .notFound)
        }

        let files = try await site(dev: true)
        let devFolder = files.site.configuration.publicDirectory
        let rescanning = StaticFiles(directory: devFolder, rescans: true, rescanInterval: .zero)
        try "new".write(toFile: devFolder + "/late.txt", atomically: true, encoding: .utf8)
        #expect(rescanning.asset(at: "/late.txt") != nil)
        try FileManager.default.removeItem(atPath: devFolder + "/late.txt")
        #expect(rescanning.asset(at: "/late.txt") == nil)
        try? FileManager.default.removeItem(at: files.folder)
    }

    @Test("fingerprints go before the extension", arguments: [
        ("/css/app.css", "/css/app.abc.css"), ("/js/app.min.js", "/js/app.min.abc.js"), ("/LICENSE", "/LICENSE.abc"),
        ("/dir.v2/file", "/dir.v2/file.abc"),
    ])
    func fingerprintNames(_ pair: (String, String)) {
        #expect(StaticFiles.fingerprint(pair.0, hash: "abc") == pair.1)
    }
}
