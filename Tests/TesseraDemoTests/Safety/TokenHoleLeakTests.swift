import Foundation
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// Forms' tokens are written as holes in what Tessera renders and keeps, and filled as a
/// response leaves. A hole that reached a browser would tell a visitor the process's secret
/// mark, with which text they post could later be filled with another viewer's token: none may.
@Suite("Token holes never leave")
struct TokenHoleLeakTests {
    /// What every hole starts with (the CSRF hole without its last letter).
    static let mark = String(TokenHoles.csrf.dropLast())

    /// Pages, fragments and lists with forms, each asked twice (the second from what was kept).
    static let urls = [
        "/", "/users/1", "/users/2", "/blogs/1", "/blogs/2", "/photos", "/fortunes", "/_/feed", "/users/2/_/blog-list",
        "/blogs/1/_/comments", "/signin", "/signup",
    ]

    @Test("no page or fragment, fresh or kept, as a member or a visitor, holds a hole; every form holds its viewer's token")
    func noHoleReachesTheViewer() async throws {
        try await TestSite().test { client in
            let member = try await client.signIn()
            for session in [member, nil] as [TestSession?] {
                for url in Self.urls {
                    for round in 1...2 {
                        for fragment in [false, true] where !(fragment && !url.contains("/_/")) {
                            let response = try await client.get(url, as: session, fragment: fragment)
                            #expect(!response.text.contains(Self.mark), "\(url), round \(round), \(session == nil ? "visitor" : "member")")
                            let tokens = response.select("form input[name=_csrf]").compactMap { $0[attribute: "value"] }
                            #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }, "\(url): \(tokens)")
                            if let session { #expect(tokens.allSatisfy { $0 == session.token }, "\(url)") }
                        }
                    }
                }
            }
        }
    }

    @Test("an action's answer in place, from a page whose button was kept, holds no hole")
    func actionsAnswerWithoutHoles() async throws {
        try await TestSite().test { client in
            let member = try await client.signIn()
            _ = try await client.get("/", as: member)
            let page = try await client.get("/", as: member)
            let id = try #require(page.select("#feed [data-component=like-button]").compactMap { $0[attribute: "id"] }.first)
            let answer = try await client.submit("#\(id) form", on: page, as: member, fragment: true)
            #expect(answer.status == .ok)
            #expect(!answer.text.contains(Self.mark))
            #expect(answer.select("#\(id) input[name=_csrf]").compactMap { $0[attribute: "value"] } == [member.token])
        }
    }
}
