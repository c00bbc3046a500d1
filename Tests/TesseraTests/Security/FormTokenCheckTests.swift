import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A form that posts must carry the CSRF token; one that forgot it is a start-up and `validate`
/// error at its `file:line:col`, never a 403 found in a browser.
@Suite("Forms that cannot forget their token")
struct FormTokenCheckTests {
    private static func problems(_ templates: [String: String]) -> [String] {
        do {
            _ = try TemplateLibrary(sources: templates.map { TemplateSource(name: $0.key, text: $0.value, displayPath: "Views/\($0.key).mustache") })
            return []
        } catch {
            return error.diagnostics.map(\.description)  // the initializer throws `TemplateErrors` alone
        }
    }

    @Test("a post form without the token is an error at the form's line and column")
    func missingToken() {
        let problems = Self.problems(["Books/Finish": "<p>Done?</p>\n  <form method=\"post\" action=\"/books/1/finish\"><button>Finish</button></form>"])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Views/Books/Finish.mustache:2:3: this form posts without a CSRF token") == true)
    }

    @Test("the token partial, a _csrf input with {{csrfToken}}, or a partial holding either satisfies the check; GET forms need none", arguments: [
        ["A": "<form method=\"post\" action=\"/a\">{{> Tessera/FormTokens}}<button>Go</button></form>"],
        ["A": "<form action=\"/a\" METHOD=POST><input type=\"hidden\" name=\"_csrf\" value=\"{{csrfToken}}\"><button>Go</button></form>"],
        ["A": "<form method=\"post\" action=\"/a\">{{> Shared/Fields}}</form>", "Shared/Fields": "{{> Tessera/FormTokens}}<button>Go</button>"],
        ["A": "<form method=\"get\" action=\"/search\"><input name=\"q\"></form>"],
        ["A": "<form action=\"/search\"><input name=\"q\"></form>"],
    ])
    func satisfied(_ templates: [String: String]) {
        #expect(Self.problems(templates) == [])
    }

    @Test("a _csrf input with a fixed value, or a token outside the form, does not count")
    func tokenElsewhere() {
        #expect(Self.problems(["A": "<form method=\"post\" action=\"/a\"><input type=\"hidden\" name=\"_csrf\" value=\"x\"></form>"]).count == 1)
        #expect(Self.problems(["A": "{{> Tessera/FormTokens}}<form method=\"post\" action=\"/a\"><button>Go</button></form>"]).count == 1)
    }

    @Test("an app whose template has such a form does not start, and validate names the file")
    func stopsStartUp() throws {
        let folder = try AppFolder(templates: ["Books/Finish": "<form method=\"post\" action=\"/books/1/finish\"><button>Finish</button></form>"])
        defer { folder.remove() }
        #expect {
            _ = try ShelfApp().check(folder.configuration)
        } throws: { error in
            "\(error)".contains("Books/Finish.mustache:1:1: this form posts without a CSRF token")
        }
    }
}
