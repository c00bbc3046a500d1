import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Synchronization
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Throttled actions: a subject that reached its limit gets `429` with `Retry-After` and a clear
/// message, even with the right answer; other subjects are not affected; the state is in the
/// database, so it holds after a restart; it ends when the lockout is over.
@Suite("Attempt throttle")
struct AttemptThrottleTests {
    private func guess(
        _ client: TestClient, _ session: (cookie: String, token: String), account: String, answer: String,
        address: String = "192.0.2.1"
    ) async throws -> TestResponse {
        let form = "_csrf=\(session.token)&account=\(account)&answer=\(answer)"
        return try await client.send(
            method: .post, uri: "/notes/guess",
            headers: [
                .contentType: "application/x-www-form-urlencoded", .cookie: session.cookie,
                HTTPField.Name("X-Forwarded-For")!: "203.0.113.9, \(address)",
            ], body: .init(string: form))
    }

    private func site(folder: URL? = nil) async throws -> FrameworkSite {
        try await FrameworkSite(templates: NoteTemplates.all, scenes: [NotesScene.self], clientAddressHeader: "X-Forwarded-For", folder: folder)
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
        let first = try await site()
        try await first.test(keepingFiles: true) { client in
            let session = try await client.session(from: "/notes")
            for _ in 0..<3 { _ = try await guess(client, session, account: "ada", answer: "1") }
        }
        try await site(folder: first.folder).test { client in
            let session = try await client.session(from: "/notes")
            #expect(try await guess(client, session, account: "ada", answer: "42", address: "192.0.2.50").status == .tooManyRequests)
        }
    }

    @Test("the attempt past the limit blocks for the lockout; the block ends; a new window starts a new count")
    func lockEnds() async throws {
        let site = try await site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_000_000))
        let throttle = AttemptThrottle(database: site.site.database, now: { clock.now })
        let key = ThrottleRule(name: "t", limit: 2, window: 60, lockout: 120).key("x")
        #expect(try await throttle.count([key]) == nil)
        clock.advance(61)  // the first attempt fell out of the window
        #expect(try await throttle.count([key]) == nil)
        #expect(try await throttle.count([key]) == nil)
        #expect(try await throttle.count([key]) == 120)  // the third in the window is refused and blocks
        clock.advance(119)
        #expect(try await throttle.retryAfter(key) == 1)
        #expect(try await throttle.count([key]) == 1)  // attempts while blocked do not extend the block
        clock.advance(1)
        #expect(try await throttle.retryAfter(key) == nil)
        #expect(try await throttle.count([key]) == nil)
    }

    @Test("a success forgets, refunds or keeps its attempt as the rule says; a failure stays counted")
    func successRules() async throws {
        let site = try await site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let throttle = AttemptThrottle(database: site.site.database)
        let forgets = ThrottleRule(name: "f", limit: 5, window: 60, lockout: 60).key("x")
        let refunds = ThrottleRule(name: "r", limit: 5, window: 60, lockout: 60, success: .refunds).key("x")
        let counts = ThrottleRule(name: "c", limit: 5, window: 60, lockout: 60, success: .counts).key("x")
        let keys = [forgets, refunds, counts]
        #expect(try await throttle.attempt(keys, message: "m") { nil as Bool? } == nil)
        #expect(try await throttle.attempt(keys, message: "m") { true } == true)
        let attempts = try await site.site.database.read { db in
            try Dictionary(uniqueKeysWithValues: await db.fetchAll("SELECT \"key\", attempts FROM tessera_throttle") {
                (try $0[0] as String, try $0[1] as Int)
            })
        }
        #expect(attempts == ["r:x": 1, "c:x": 2])
    }

    @Test("work never runs for a refused attempt: 200 concurrent guesses let exactly the limit through")
    func concurrentAttemptsInProcess() async throws {
        let site = try await site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let throttle = AttemptThrottle(database: site.site.database)
        let key = ThrottleRule(name: "burst", limit: 5, window: 600, lockout: 600).key("demo")
        let ran = try await Self.burst(200, throttles: [throttle], key: key)
        #expect(ran == 5)
    }

    @Test("two processes' worth of pools on one database share the limit: 100 guesses split between them, 5 checked")
    func concurrentAttemptsAcrossPools() async throws {
        let first = try await site()
        defer { try? FileManager.default.removeItem(at: first.folder) }
        let second = try await site(folder: first.folder)  // its own pool and writer on the same file
        let key = ThrottleRule(name: "burst", limit: 5, window: 600, lockout: 600).key("demo")
        let throttles = [AttemptThrottle(database: first.site.database), AttemptThrottle(database: second.site.database)]
        #expect(try await Self.burst(100, throttles: throttles, key: key) == 5)
    }

    @Test("through HTTP: 60 concurrent wrong guesses and the right answer last; at most the limit reach the check")
    func concurrentGuessesThroughHTTP() async throws {
        try await site().test { client in
            let session = try await client.session(from: "/notes")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<61 {
                    group.addTask {
                        try await guess(client, session, account: "ada", answer: index == 60 ? "42" : "1", address: "192.0.2.\(index)").status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            let checked = statuses.filter { $0 == .badRequest || $0 == .seeOther }.count
            #expect(checked == 3)  // NotesScene's rule allows 3 per account
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 58)
        }
    }

    /// Runs `count` attempts at once, spread over `throttles`, and returns how many ran their work.
    private static func burst(_ count: Int, throttles: [AttemptThrottle], key: ThrottleKey) async throws -> Int {
        let ran = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                let throttle = throttles[index % throttles.count]
                group.addTask {
                    do {
                        _ = try await throttle.attempt([key], message: "m") { ran.increment(); return nil as Bool? }
                    } catch let error as RequestError {
                        #expect(error.status == .tooManyRequests)
                    }
                }
            }
            try await group.waitForAll()
        }
        return ran.value
    }
}

/// A count shared by concurrent tasks.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
