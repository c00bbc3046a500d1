import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Every kind of field is drawn by `Tessera/Field` from one model, labelled and wired to its
/// hint and error, and a refused form shows back everything sent but the password and the file.
@Suite("Form fields")
struct FormFieldTests {
    static func site() async throws -> ReadPathSite {
        try await ReadPathSite(scenes: [ListingScene.self], templates: ListingScene.templates)
    }

    @Test("a form with one field of every kind draws each control, labelled, with its limits")
    func everyKindIsDrawn() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let page = try await client.get("/listing")
            #expect(page.status == .ok)
            for id in ["title", "notes", "price", "from", "code", "size", "insured", "photo"] {
                #expect(page.select("label[for=\(id)]").count == 1, "\(id) has its label")
            }
            #expect(page.select("input#title[type=text][required][maxlength='60']").count == 1)
            #expect(page.select("textarea#notes[rows='5'][maxlength='500'][aria-describedby=notes-hint]").count == 1)
            #expect(page.select("input#price[type=number]").count == 1 && page.select("input#price[maxlength]").isEmpty)
            #expect(page.select("input#from[type=date]").count == 1 && page.select("input#from[maxlength]").isEmpty)
            #expect(page.select("input#code[type=password]").count == 1)
            #expect(page.select("select#size[required] option").map { $0[attribute: "value"] } == ["", "small", "medium", "large"])
            #expect(page.select("fieldset legend").map(\.text) == ["Condition", "Comes with"])
            #expect(page.select("input[type=radio][name=condition][required]").count == 3)
            #expect(page.select("label[for=condition-2]").first?.text == "Good")
            #expect(page.select("input[type=checkbox][name=extras]").map { $0[attribute: "value"] } == ["bag", "charger", "manual"])
            #expect(page.select("input#insured[type=checkbox]").count == 1)
            #expect(page.select("input#photo[type=file]").first?[attribute: "accept"] == "image/png,image/jpeg")
            #expect(page.select("[checked], [selected]").isEmpty, "nothing chosen yet")
        }
    }

    @Test("a refused form shows every value sent again, but the password and the file, with the errors wired")
    func refusalKeepsWhatWasSent() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let visitor = try await client.session(from: "/listing")
            let notes = "\nFirst line\n    indented, kept exactly"
            let fields = [
                ("_csrf", visitor.token), ("title", ""), ("notes", notes), ("price", "12"), ("from", "2026-11-27"),
                ("code", "hunter2"), ("size", "large"), ("extras", "bag"), ("extras", "manual"), ("insured", "on"),
            ]
            let body = fields.map { URLQuery.escape($0.0) + "=" + URLQuery.escape($0.1) }.joined(separator: "&")
            let refused = try await client.post("/listing", form: body, cookie: visitor.cookie)
            #expect(refused.status == .badRequest)
            #expect(refused.select("#title[aria-invalid=true][aria-describedby=title-error]").count == 1)
            #expect(refused.select("#title-error").first?.text == "Fill this in.")
            #expect(refused.select("fieldset[aria-describedby=condition-error] input[aria-invalid=true]").count == 3)
            #expect(refused.select("#condition-error").first?.text == "Choose the tool's condition.")
            // The parser drops the one line break written after <textarea>: the text is what was sent.
            let area = try #require(refused.select("textarea#notes").first)
            #expect(String(area.rawText.dropFirst()) == notes)
            #expect(refused.select("#price").first?[attribute: "value"] == "12")
            #expect(refused.select("#from").first?[attribute: "value"] == "2026-11-27")
            #expect(refused.select("#code").first?[attribute: "value"] == nil, "a password is never sent back")
            #expect(refused.select("#size option[selected]").map { $0[attribute: "value"] } == ["large"])
            #expect(refused.select("input[name=extras][checked]").map { $0[attribute: "value"] } == ["bag", "manual"])
            #expect(refused.select("#insured[checked]").count == 1)
            #expect(refused.select("#photo").first?[attribute: "value"] == nil)
            // Sent again as a browser would, the title filled: accepted, the notes unchanged on the way.
            let done = try await client.submit(
                "form", in: refused.document, [("title", "Drill"), ("condition", "worn")], cookie: visitor.cookie)
            #expect(done.status == .seeOther)
        }
    }

    @Test("a choice that is none of the offered ones is a 400 page")
    func forgedChoiceIsRefused() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let visitor = try await client.session(from: "/listing")
            let response = try await client.post(
                "/listing", form: "_csrf=\(visitor.token)&title=Drill&condition=broken", cookie: visitor.cookie)
            #expect(response.status == .badRequest)
            #expect(response.select("section.error-page p").contains { $0.text.contains("not one of the choices offered") })
        }
    }
}
