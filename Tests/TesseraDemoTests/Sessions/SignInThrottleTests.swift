import Foundation
import HTTPTypes
import Hummingbird
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Guessing is slow: after 5 failures an account (known or not) answers 429 with Retry-After,
/// even to the right password; 30 failures from one address lock that address; the state is in
/// the database and survives a restart; wrong current passwords are throttled the same way.
@Suite("Sign-in throttling")
struct SignInThrottleTests {
    private static let address = HTTPField.Name("X-Forwarded-For")!

    private func attempt(
        _ client: TestClient, _ username: String, _ password: String, from address: String = "198.51.100.7"
    ) async throws -> TestResponse {
        let visitor = try await client.visit()
        return try await client.post(
            "/signin", [("username", username), ("password", password)], as: visitor, headers: [Self.address: address])
    }

    /// Posts `count` sign-ins for `demo` at once, spread over `clients`, each from its own address
    /// (so only the account's rule can stop them), the right password last; their statuses.
    /// `count - 1` concurrent wrong guesses for the demo account spread over `clients`, each
    /// from its own address, then the right password once they are all answered (a success in
    /// the middle of the burst would forgive the account's failures, by design, and let more
    /// through). The statuses, the right password's last.
    private func burst(_ count: Int, over clients: [TestClient]) async throws -> [HTTPResponse.Status] {
        let visitors = try await clients.asyncMap { try await $0.visit() }
        func guess(_ index: Int, _ password: String) async throws -> HTTPResponse.Status {
            try await clients[index % clients.count].post(
                "/signin", [("username", "demo"), ("password", password)], as: visitors[index % clients.count],
                headers: [Self.address: "198.51.\(index / 250).\(index % 250)"]
            ).status
        }
        let wrong = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for index in 0..<(count - 1) {
                group.addTask { try await guess(index, "wrong-\(index)") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return wrong + [try await guess(count - 1, "tessera-demo")]
    }

    @Test("199 concurrent guesses for one account reach the password check 5 times; the right password then gets 429")
    func concurrentGuessesOnOneProcess() async throws {
        try await TestSite().test { client in
            let statuses = try await burst(200, over: [client])
            let checked = statuses.filter { $0 == .badRequest || $0 == .seeOther }.count
            #expect(checked == 5, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 195)
            #expect(statuses.last == .tooManyRequests, "the account is locked")
        }
    }

    @Test("two sites on one database (two processes' pools) share the limit: 100 guesses split between them, 5 checked")
    func concurrentGuessesOnTwoSites() async throws {
        let first = try await TestSite()
        let second = try await TestSite(reopening: first)
        try await first.test(keepingFiles: true) { one in
            try await second.test { two in
                let statuses = try await burst(100, over: [one, two])
                let checked = statuses.filter { $0 == .badRequest || $0 == .seeOther }.count
                #expect(checked == 5, "\(statuses)")
                #expect(statuses.allSatisfy { [.badRequest, .seeOther, .tooManyRequests].contains($0) })
                #expect(statuses.last == .tooManyRequests, "the account is locked on both")
            }
        }
    }

    @Test("five failures lock the account: the right password then gets 429 with Retry-After and a clear message")
    func locksTheAccount() async throws {
        try await TestSite().test { client in
            for index in 0..<5 {
                #expect(try await attempt(client, "demo", "guess-\(index)", from: "198.51.100.\(index)").status == .badRequest)
            }
            let locked = try await attempt(client, "Demo", "tessera-demo", from: "198.51.100.99")
            #expect(locked.status == .tooManyRequests)
            #expect((850...900).contains(Int(locked.headers[.retryAfter] ?? "") ?? 0))
            #expect(locked.text.contains("Too many failed sign-ins for this account or from your network. Try again in 15 minutes."))
            #expect(locked.headers[.setCookie] == nil)
            #expect(try await attempt(client, "ada", "wrong").status == .badRequest, "other accounts are not locked")
        }
    }

    @Test("unknown names are throttled like real ones, so the answer never tells which exist")
    func unknownNamesToo() async throws {
        try await TestSite().test { client in
            for index in 0..<5 { _ = try await attempt(client, "nobody", "guess-\(index)", from: "198.51.100.\(index)") }
            #expect(try await attempt(client, "nobody", "guess", from: "198.51.100.99").status == .tooManyRequests)
        }
    }

    @Test("thirty failures from one address lock the address for every account; other addresses still sign in")
    func locksTheAddress() async throws {
        try await TestSite().test { client async throws in
            for index in 0..<30 {
                #expect(try await attempt(client, "user\(index)", "wrong", from: "203.0.113.5").status == .badRequest)
            }
            #expect(try await attempt(client, "demo", "tessera-demo", from: "203.0.113.5").status == .tooManyRequests)
            #expect(try await attempt(client, "demo", "tessera-demo", from: "203.0.113.6").status == .seeOther)
        }
    }

    @Test("a success forgives the account's earlier failures")
    func successForgives() async throws {
        try await TestSite().test { client in
            for index in 0..<4 { _ = try await attempt(client, "demo", "guess-\(index)", from: "198.51.100.\(index)") }
            #expect(try await attempt(client, "demo", "tessera-demo").status == .seeOther)
            for index in 0..<4 {
                #expect(try await attempt(client, "demo", "again-\(index)", from: "198.51.100.\(index)").status == .badRequest)
            }
        }
    }

    @Test("the lock survives a restart: the same database refuses after the site is opened again")
    func survivesRestart() async throws {
        let first = try await TestSite()
        try await first.test(keepingFiles: true) { client in
            for index in 0..<5 { _ = try await attempt(client, "demo", "guess-\(index)", from: "198.51.100.\(index)") }
        }
        try await TestSite(reopening: first).test { client async throws in
            #expect(try await attempt(client, "demo", "tessera-demo", from: "198.51.100.50").status == .tooManyRequests)
        }
    }

    @Test("five wrong current passwords lock password changes for the member")
    func throttlesPasswordChanges() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            for index in 0..<5 {
                let response = try await client.post(
                    "/settings/security/password",
                    [("current", "wrong-\(index)"), ("new", "a-new-password-1"), ("confirm", "a-new-password-1")], as: session)
                #expect(response.status == .badRequest)
            }
            let locked = try await client.post(
                "/settings/security/password",
                [("current", "tessera-demo"), ("new", "a-new-password-1"), ("confirm", "a-new-password-1")], as: session)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] != nil)
            #expect(locked.text.contains("Too many wrong current passwords."))
            #expect(try await attempt(client, "demo", "a-new-password-1").status == .badRequest, "the password did not change")
        }
    }

    @Test("a NUL in the username is refused, never matched on a prefix")
    func nulIsRefused() async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let body = "_csrf=\(visitor.token)&username=demo%00anything&password=tessera-demo"
            let response = try await client.send(
                method: .post, uri: "/signin",
                headers: [.cookie: visitor.cookie, .contentType: "application/x-www-form-urlencoded"], body: .init(string: body))
            #expect(response.status == .badRequest)
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("sign-in follows only same-site next addresses, normalised", arguments: [
        ("/photos", "/photos"), ("/\t/evil.example", "/"), ("/%09/evil.example", "/"), ("/%2F%2Fevil.example", "/"),
        (" //evil.example", "/"), ("/\\evil", "/"), ("/users/1?x=é", "/users/1?x=%C3%A9"),
    ])
    func nextIsNormalised(_ pair: (String, String)) async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let page = try await client.post(
                "/signin", [("username", "demo"), ("password", "tessera-demo"), ("next", pair.0)], as: visitor)
            #expect(page.headers[.location] == pair.1)
            let form = try await client.get("/signin?next=" + URLQuery.escape(pair.0))
            #expect(form.text.contains("name=\"next\" value=\"\(pair.1)\""))
        }
    }
}

extension Array {
    /// The elements mapped in order by an asynchronous `transform`.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
