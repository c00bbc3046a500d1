import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import NIOCore
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// What a client sends comes back byte for byte or is refused with a 400 before anything is
/// stored: invalid UTF-8 and encoded surrogates (URL-encoded and multipart alike), control
/// characters (beside their field in a form, as a 400 page elsewhere), fields over their limits
/// in scalars, bytes or marks per character. Line endings are made LF once.
@Suite("Input rules")
struct InputRulesTests {
    private func site() async throws -> FrameworkSite { try await FrameworkSite(templates: NoteTemplates.all, scenes: [NotesScene.self]) }

    private func notes(_ site: FrameworkSite) async throws -> [String] {
        try await site.site.database.read { db in try await db.fetchValues(String.self, "SELECT title FROM item WHERE id > 5") }
    }

    private func multipart(_ client: TestClient, cookie: String, fields: [(String, [UInt8])]) async throws -> TestResponse {
        let boundary = "tessera-input-test"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + value + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try await client.send(
            method: .post, uri: "/notes",
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: cookie], body: ByteBuffer(bytes: body))
    }

    @Test("a control character in a form field shows the form again at 400, naming it, with the rest of the text kept", arguments: [
        ("before%00after", "U+0000 (a null character)", "beforeafter"), ("a%01b", "U+0001 (a control character)", "ab"),
        ("esc%1Bape", "U+001B (an escape character)", "escape"), ("page%0Cbreak", "U+000C (a form feed)", "pagebreak"),
        ("x%7F%00y", "U+007F (a delete character)", "xy"),
    ])
    func controlCharactersInFormsAreRefusedBesideTheField(_ case: (encoded: String, named: String, kept: String)) async throws {
        let site = try await site()
        try await site.test { client in
            let session = try await client.session(from: "/notes")
            let response = try await client.post("/notes", form: "_csrf=\(session.token)&note=\(`case`.encoded)", cookie: session.cookie)
            #expect(response.status == .badRequest)
            let page = HTMLDocument(String(buffer: response.body))
            #expect(page.select("p.field-error").first?.text.contains("This contains \(`case`.named), which cannot be kept") == true)
            #expect(page.select("textarea[name=note]").first?.text == "\(`case`.kept)")
            let multipart = try await multipart(
                client, cookie: session.cookie,
                fields: [("_csrf", Array(session.token.utf8)), ("note", Array((`case`.encoded.removingPercentEncoding ?? "").utf8))])
            #expect(multipart.status == .badRequest)
            #expect(HTMLDocument(String(buffer: multipart.body)).select("p.field-error").count == 1)
        }
        #expect(try await notes(site).isEmpty)
    }

    @Test("a control character in a query, a field name or a token is a 400 page naming it", arguments: [
        "before%00after", "a%01b", "esc%1Bape", "bell%07",
    ])
    func controlCharactersElsewhereAreRefused(_ encoded: String) async throws {
        let site = try await site()
        try await site.test { client in
            let (status, page, _) = try await client.fetch("/notes?title=\(encoded)")
            #expect(status == .badRequest)
            #expect(HTMLDocument(page).select(".error-page p").contains { $0.text.contains("which cannot be kept") })
            let session = try await client.session(from: "/notes")
            let named = try await client.post("/notes", form: "_csrf=\(session.token)&no\(encoded)te=x", cookie: session.cookie)
            #expect(named.status == .badRequest)
            let token = try await client.post("/notes", form: "_csrf=\(session.token)\(encoded)&note=x", cookie: session.cookie)
            #expect(token.status == .badRequest || token.status == .forbidden)
        }
        #expect(try await notes(site).isEmpty)
    }

    @Test("invalid UTF-8 and encoded lone surrogates are 400s, URL-encoded and multipart alike", arguments: [
        [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xFF], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
    ] as [[UInt8]])
    func invalidUTF8IsRefused(_ bytes: [UInt8]) async throws {
        let site = try await site()
        try await site.test { client in
            let session = try await client.session(from: "/notes")
            let encoded = bytes.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            let form = try await client.post("/notes", form: "_csrf=\(session.token)&note=ok\(encoded)", cookie: session.cookie)
            #expect(form.status == .badRequest)
            let parts = try await multipart(client, cookie: session.cookie, fields: [("_csrf", Array(session.token.utf8)), ("note", Array("ok".utf8) + bytes)])
            #expect(parts.status == .badRequest)
            #expect(String(buffer: parts.body).contains("not valid UTF-8"))
        }
        #expect(try await notes(site).isEmpty)
    }

    @Test("CRLF and lone CR become LF; tabs and LF are kept; leading newlines survive the page")
    func lineEndingsAreNormalisedOnce() async throws {
        let site = try await site()
        try await site.test { client in
            let session = try await client.session(from: "/notes")
            let saved = try await client.post(
                "/notes", form: "_csrf=\(session.token)&note=%0A%0Aa%0D%0Ab%0Dc%09d", cookie: session.cookie)
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            let (_, page, _) = try await client.fetch(location)
            #expect(NoteTemplates.note(in: page) == "\n\na\nb\nc\td")
            let parts = try await multipart(
                client, cookie: session.cookie, fields: [("_csrf", Array(session.token.utf8)), ("note", Array("x\r\ny\rz".utf8))])
            #expect(parts.status == .seeOther)
        }
        #expect(try await notes(site) == ["\n\na\nb\nc\td", "x\ny\nz"])
    }

    @Test("a field over its limit is a 400 showing the form again with what was typed", arguments: [
        ("123456789012345678901", "Keep this to 20 characters or fewer (it has 21)."),
        (String(repeating: "é", count: 20) + "é", "Keep this to 20 characters or fewer (it has 21)."),
        (String(repeating: "日", count: 14), "it takes 42 bytes and at most 40 fit"),
        ("a\u{301}\u{302}\u{303}\u{304}", "more than 3 accents or marks"),
        ("ok\u{1100}\u{1100}\u{1100}\u{1100}\u{1100}", "more than 3 accents or marks"),
    ])
    func limitsAreEnforced(_ pair: (String, String)) async throws {
        let site = try await site()
        try await site.test { client in
            let session = try await client.session(from: "/notes")
            let response = try await client.post(
                "/notes", form: "_csrf=\(session.token)&note=\(URLQuery.escape(pair.0))", cookie: session.cookie)
            #expect(response.status == .badRequest)
            let html = String(buffer: response.body)
            #expect(html.contains(pair.1))
            #expect(NoteTemplates.note(in: html) == pair.0, "the form shows what was typed")
        }
        #expect(try await notes(site).isEmpty)
    }

    @Test("one character of a million combining marks is refused before it is read (413)")
    func millionMarksAreTooLarge() async throws {
        let site = try await site()
        try await site.test { client in
            let session = try await client.session(from: "/notes")
            let marks = String(repeating: "%CC%81", count: 1_400_000)
            let response = try await client.post("/notes", form: "_csrf=\(session.token)&note=a\(marks)", cookie: session.cookie)
            #expect(response.status == .contentTooLarge)
        }
        #expect(try await notes(site).isEmpty)
    }

    @Test("query values are read by their declared limits too")
    func queryValuesHaveLimits() async throws {
        let site = try await site()
        try await site.test { client in
            #expect(try await client.fetch("/notes?title=short").0 == .ok)
            let (status, body, _) = try await client.fetch("/notes?title=" + String(repeating: "x", count: 21))
            #expect(status == .badRequest)
            #expect(body.contains("Keep this to 20 characters or fewer"))
        }
    }
}
