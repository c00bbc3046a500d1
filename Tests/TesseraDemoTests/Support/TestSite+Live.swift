import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Tessera

// MARK: - Live serving

/// The few tests about connections themselves (many at once, the headers the HTTP server
/// adds) serve the demo on a real socket with HummingbirdTesting's live client; every other
/// test runs in process, through ``TestSite/test(keepingFiles:_:)``.
extension TestSite {
    /// Runs `body` against the app's router served as `serve` serves it, on `127.0.0.1` at a
    /// free port, then deletes the database folder.
    func testLive<Value>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        defer { try? FileManager.default.removeItem(at: folder) }
        let application = Application(
            router: try app.app.makeRouter(site: site),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: app.app.name))
        return try await application.test(.live, body)
    }
}

extension TestClientProtocol {
    /// POSTs a form holding only `session`'s CSRF token to `uri`, with its cookie, as a
    /// button's form does.
    func post(_ uri: String, as session: TestSession) async throws -> HummingbirdTesting.TestResponse {
        let headers: HTTPFields = [.cookie: session.cookie, .contentType: "application/x-www-form-urlencoded"]
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: "_csrf=" + session.token))
    }
}
