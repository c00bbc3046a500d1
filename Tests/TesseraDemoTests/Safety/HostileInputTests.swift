import Foundation
import HTTPTypes
import Tessera
import TesseraTestSupport
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Every naughty string, through every kind of input the app takes: path ids, query
/// parameters, and each form. Each gets a clear 2xx/3xx/4xx answer, never a 500, and is never
/// echoed back as markup.
@Suite("Hostile input")
struct HostileInputTests {
    static let strings = NaughtyStrings.list

    /// Fails if `body` carries `hostile` as markup: any string with `<` must come back escaped.
    private func expectEscaped(_ body: String, _ hostile: String, _ context: String) {
        guard hostile.contains("<") else { return }
        #expect(!body.contains(hostile), "\(context) echoed \(hostile.debugDescription) unescaped")
    }

    @Test("hostile path ids and query parameters get 4xx pages, never 500")
    func pathsAndQueries() async throws {
        #expect(Self.strings.count > 50)
        try await TestSite().test { client in
            let session = try await client.signIn()
            for hostile in Self.strings {
                let escaped = URLQuery.escape(hostile)
                let uris = [
                    "/users/\(escaped)", "/blogs/\(escaped)", "/messages/\(escaped)", "/drafts/\(escaped)/edit",
                    "/users/\(escaped)/_/blog-list", "/?page=\(escaped)", "/users/1?page=\(escaped)",
                    "/photos?\(escaped)=\(escaped)", "/signin?next=\(escaped)", "/blogs/1/_/\(escaped)",
                ]
                for uri in uris {
                    let response = try await client.get(uri, as: session)
                    #expect([200, 303, 400, 404].contains(response.status.code), "\(uri) → \(response.status)")
                    expectEscaped(response.text, hostile, uri)
                }
            }
        }
    }

    @Test("hostile drafts are stored as text and shown escaped")
    func drafts() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            for hostile in Self.strings {
                let response = try await client.post("/drafts/new", [("title", hostile), ("body", hostile)], as: session)
                #expect([303, 400].contains(response.status.code), "draft \(hostile.debugDescription) → \(response.status)")
                expectEscaped(response.text, hostile, "draft form")
                if response.status == .seeOther, let location = response.headers[.location] {
                    let page = try await client.get(location, as: session)
                    #expect(page.status == .ok)
                    expectEscaped(page.text, hostile, "draft editor")
                }
            }
        }
        let stored = try await site.allDrafts().map(\.body)
        #expect(stored.contains("<script>alert(123)</script>"), "stored as the text it was, escaped only on output")
    }

    @Test("hostile messages, sign-ins and password forms get 303, 400 or 429, never 500")
    func otherForms() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            for (index, hostile) in Self.strings.enumerated() {
                let message = try await client.post("/messages/1", [("text", hostile)], as: session)
                #expect([303, 400].contains(message.status.code), "message → \(message.status)")
                expectEscaped(message.text, hostile, "composer")

                let visitor = try await client.visit()
                // Each from its own address, so the address throttle does not answer instead.
                let signIn = try await client.post(
                    "/signin", [("username", hostile), ("password", hostile), ("next", hostile)], as: visitor,
                    headers: [HTTPField.Name("X-Forwarded-For")!: "10.1.\(index / 250).\(index % 250)"])
                #expect(signIn.status == .badRequest, "sign-in with \(hostile.debugDescription) → \(signIn.status)")
                expectEscaped(signIn.text, hostile, "sign-in form")

                let password = try await client.post(
                    "/settings/security/password", [("current", hostile), ("new", hostile), ("confirm", hostile)], as: session)
                // 429 once five wrong current passwords were tried (the throttle).
                #expect([400, 429].contains(password.status.code), "password change with \(hostile.debugDescription) → \(password.status)")
                #expect(!password.text.contains("value=\"\(hostile)\""), "passwords are never echoed")
            }
            let page = try await client.get("/messages/1", as: session)
            expectEscaped(page.text, "<script>alert(123)</script>", "conversation")
            #expect(page.text.contains("&lt;script&gt;alert(123)&lt;/script&gt;"))
        }
        let demoSessions = try await Journey.count("SELECT COUNT(*) FROM tessera_sessions WHERE userID IS NOT NULL", in: site)
        #expect(demoSessions == 1, "no hostile sign-in opened a session")
    }
}
