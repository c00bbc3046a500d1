import Foundation
import HTTPTypes
import Hummingbird
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Redirects stay on the site: whatever an action asks for, the `Location` (or the script's
/// `X-Tessera-Redirect`) is a normalised same-site path, or `/`.
@Suite("Redirect targets")
struct RedirectTargetTests {
    static let cases: [(sent: String, location: String)] = [
        ("/photos?page=2#top", "/photos?page=2#top"),
        ("/%09/evil.example", "/"),  // a tab, which browsers strip: //evil.example
        ("/\t/evil.example", "/"),
        ("//evil.example", "/"),
        ("/\\evil.example", "/"),
        ("/a\\b", "/"),
        ("https://evil.example/", "/"),
        ("javascript:alert(1)", "/"),
        (" /photos", "/"),
        ("/pho tos", "/"),
        ("/%2F/evil.example", "/"),
        ("/%2fevil", "/"),
        ("/%5Cevil.example", "/"),
        ("/%0d%0aSet-Cookie:x=1", "/"),
        ("/%zz", "/"),
        ("/\u{3000}/evil", "/"),
        ("/\u{200B}/evil", "/"),
        ("/\u{85}evil", "/"),
        ("", "/"),
        ("/café?q=\"<x>\"", "/caf%C3%A9?q=%22%3Cx%3E%22"),
        ("/users/%31", "/users/%31"),
        ("/" + String(repeating: "a", count: 2048), "/"),
    ]

    @Test("redirect targets are kept on the site, for page and script requests", arguments: cases)
    func redirectsStayHome(_ pair: (sent: String, location: String)) async throws {
        let site = try await FrameworkSite(templates: NoteTemplates.all, scenes: [NotesScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/notes")
            let form = "_csrf=\(session.token)&next=\(URLQuery.escape(pair.sent))"
            let page = try await client.post("/notes/go", form: form, cookie: session.cookie)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == pair.location)
            let script = try await client.post("/notes/go", form: form, cookie: session.cookie, fragment: true)
            #expect(script.headers[HTTPField.Name("X-Tessera-Redirect")!] == pair.location)
        }
    }

    @Test("RedirectTarget.local accepts only same-site absolute paths")
    func localPaths() {
        #expect(RedirectTarget.local("/") == "/")
        #expect(RedirectTarget.local("/a/b?c=d&e=%20f".replacingOccurrences(of: "%20", with: "%41")) == "/a/b?c=d&e=%41f")
        #expect(RedirectTarget.local("relative") == nil)
        #expect(RedirectTarget.local("/\u{7F}") == nil)
        #expect(RedirectTarget.local("/\u{1F600}") == "/%F0%9F%98%80")
    }
}
