import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Tessera

/// Throttled actions: a subject that reached its limit gets `429` with `Retry-After` and a clear
/// message, even with the right answer; other subjects are not affected; the state is in the
/// database, so it holds after a restart; it ends when the lockout is over.
@Suite("Attempt throttle")
struct AttemptThrottleTests {
    private func guess(
        _ client: some TestClientProtocol, _ session: (cookie: String, token: String), account: String, answer: String,
        address: String = "192.0.2.1"
    ) async throws -> TestResponse {
        let form = "_csrf=\(session.token)&account=\(account)&answer=\(answer)"
        return try await client.execute(
            uri: "/notes/guess", method: .post,
            headers: [
                .contentType: "application/x-www-form-urlencoded", .cookie: session.cookie,
                HTTPField.Name("X-Forwarded-For")!: "203.0.113.9, \(address)",
            ], body: .init(string: form))
    }

    private func site(folder: URL? = nil) throws -> FrameworkSite {
        try FrameworkSite(templates: NoteTemplates.all, scenes: [NotesScene.self], clientAddressHeader: "X-Forwarded-For", folder: folder)
    }

    @Test("the attempt reaching the limit locks the account: 429 with Retry-After, even for the right answer")
    func locksAfterLimit() async throws {
        try await site().test { client in
            let session = try await client.session(from: "/notes")
            for _ in 0..<3 { #expect(try await guess(client, session, account: "ada", answer: "1").status == .badRequest) }
            let locked = try await guess(client, session, account: "ada", answer: "42", address: "192.0.2.2")
            #expect(locked.status == .tooManyRequests)
            let retry = try #require(locked.headers[.retryAfter].flatMap(Int.init))
            #expect((295...300).contains(retry))
            #expect(String(buffer: locked.body).contains("Too many guesses. Try again in 5 minutes."))
            // Another account from another address is not affected.
            #expect(try await guess(client, session, account: "grace", answer: "42", address: "192.0.2.3").status == .seeOther)
        }
    }

    @Test("the address is counted across accounts, from the proxy's last entry; IPv6 by /64")
    func countsPerAddress() async throws {
        try await site().test { client in
            let session = try await client.session(from: "/notes")
            let addresses = ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:2::3"]
            for (index, address) in addresses.enumerated() {
                #expect(try await guess(client, session, account: "user\(index)", answer: "1", address: address).status == .badRequest)
            }
            let sameNetwork = try await guess(client, session, account: "someone", answer: "42", address: "2001:db8:1:2::77")
            #expect(sameNetwork.status == .tooManyRequests)
            let otherNetwork = try await guess(client, session, account: "someone", answer: "42", address: "2001:db8:1:3::1")
            #expect(otherNetwork.status == .seeOther)
        }
    }

    @Test("the lock survives a restart: a new site on the same database still refuses")
    func survivesRestart() async throws {
        let first = try site()
        try await first.test(keepingFiles: true) { client in
            let session = try await client.session(from: "/notes")
            for _ in 0..<3 { _ = try await guess(client, session, account: "ada", answer: "1") }
        }
        try await site(folder: first.folder).test { client in
            let session = try await client.session(from: "/notes")
            #expect(try await guess(client, session, account: "ada", answer: "42", address: "192.0.2.50").status == .tooManyRequests)
        }
    }

    @Test("the lock ends after the lockout; attempts outside the window start a new count")
    func lockEnds() async throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_000_000))
        let throttle = AttemptThrottle(database: site.site.database, now: { clock.now })
        let key = ThrottleRule(name: "t", limit: 2, window: 60, lockout: 120).key("x")
        try await throttle.recordAttempt([key])
        clock.advance(61)  // the first attempt fell out of the window
        try await throttle.recordAttempt([key])
        #expect(try await throttle.retryAfter(key) == nil)
        try await throttle.recordAttempt([key])
        #expect(try await throttle.retryAfter(key) == 120)
        clock.advance(119)
        #expect(try await throttle.retryAfter(key) == 1)
        clock.advance(1)
        #expect(try await throttle.retryAfter(key) == nil)
        try await throttle.clear([key])
        let rows = try await site.site.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tessera_throttle") }
        #expect(rows == 0)
    }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
