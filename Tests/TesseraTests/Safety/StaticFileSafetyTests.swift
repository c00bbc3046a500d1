import Foundation
import HTTPTypes
import Hummingbird
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Static files: only what is inside the public folder, never through traversal or symlinks.
@Suite("Static file safety")
struct StaticFileSafetyTests {
    /// A public folder with one file, a hidden file, a symlink leading out, and a secret outside.
    struct Fixture {
        let root: URL
        let publicFolder: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-static-\(UUID().uuidString)")
            publicFolder = root.appendingPathComponent("Public")
            try FileManager.default.createDirectory(at: publicFolder.appendingPathComponent("css"), withIntermediateDirectories: true)
            try "body{}".write(to: publicFolder.appendingPathComponent("css/app.css"), atomically: true, encoding: .utf8)
            try "hidden".write(to: publicFolder.appendingPathComponent(".env"), atomically: true, encoding: .utf8)
            try "SECRET".write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                at: publicFolder.appendingPathComponent("leak.txt"), withDestinationURL: root.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                at: publicFolder.appendingPathComponent("etc"), withDestinationURL: URL(fileURLWithPath: "/etc"))
        }

        func test(_ body: @Sendable (TestClient) async throws -> Void) async throws {
            defer { try? FileManager.default.removeItem(at: root) }
            let router = Router(context: TesseraRequestContext.self)
            router.add(middleware: StaticFileMiddleware<TesseraRequestContext>(directory: publicFolder.path))
            try await InProcessServer(router: router).test(body)
        }
    }

    @Test("a file inside the folder is served with its type")
    func servesFiles() async throws {
        try await Fixture().test { client in
            let response = try await client.send(method: .get, uri: "/css/app.css")
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "body{}")
            #expect(response.headers[.contentType] == "text/css; charset=utf-8")
            let head = try await client.send(method: .head, uri: "/css/app.css")
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("traversal, encoded traversal, backslashes, NUL, hidden files and symlinks out are not served", arguments: [
        "/../secret.txt", "/css/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/css/%2e%2e%2f%2e%2e%2fsecret.txt",
        "/..%5csecret.txt", "/css\\..\\..\\secret.txt", "/%5c..%5csecret.txt", "/app.css%00.png", "/css/app.css%00",
        "/.env", "/%2eenv", "/leak.txt", "/etc/passwd", "/etc/hostname", "/%ZZ", "/css/", "/",
        "/....//secret.txt", "/%252e%252e/secret.txt", "//etc/passwd",
    ])
    func refusesEscapes(_ path: String) async throws {
        try await Fixture().test { client in
            let response = try await client.send(method: .get, uri: path)
            #expect(response.status == .notFound)
            let body = String(buffer: response.body)
            #expect(!body.contains("SECRET") && !body.contains("root:") && !body.contains("hidden"))
        }
    }
}
