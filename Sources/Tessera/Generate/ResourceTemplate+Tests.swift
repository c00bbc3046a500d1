// MARK: - Tests

extension ResourceTemplate {
    var tests: String {
        let css = cssName(name.variable)
        let form = ".\(css)-form"
        let added = fields.map { "(\"\($0.name)\", \"\($0.sample(1))\")" }.joined(separator: ", ")
        return #"""
            import Foundation
            import Tessera
            import Testing
            import TesseraTesting

            @testable import \#(module)

            @Suite("\#(name.pluralTitle)")
            struct \#(name.type)Tests {
                @Test("a member adds \#(name.withArticle): it is listed and has a page of its own")
                func memberAdds\#(name.type)() async throws {
                    try await TestApp<\#(appType)>().test { client in
                        let ada = try await Self.member("ada", client)
                        let form = try await client.get("\#(name.path)/new", as: ada)
                        let added = try await client.submit("\#(form)", on: form, [\#(added)], as: ada)
                        #expect(added.status == .seeOther)
                        let page = try await client.get(try #require(added.headers[.location]), as: ada)
                        \#(pageCheck(sample: 1))
                        let list = try await client.get("\#(name.path)")
                        #expect(list.select(".\#(cssName(name.pluralVariable)) .\#(css) a").map(\.text) == ["\#(listTitle)"])
                    }
                }
            \#(refusalTest)
                @Test("a visitor is sent to sign in; another member finds no edit page; the owner edits and an admin deletes")
                func onlyOwnerOrAdminChanges\#(name.type)() async throws {
                    let app = try await TestApp<\#(appType)>()
                    try await app.test { client in
                        let ada = try await Self.member("ada", client)
                        let form = try await client.get("\#(name.path)/new", as: ada)
                        let added = try await client.submit("\#(form)", on: form, [\#(added)], as: ada)
                        let url = try #require(added.headers[.location])

                        #expect(try await client.get("\#(name.path)/new").status == .seeOther, "a visitor is sent to sign in")
                        let bob = try await Self.member("bob", client)
                        #expect(try await client.get(url + "/edit", as: bob).status == .notFound)
                        #expect(try await client.get(url, as: bob).select(".delete-\#(css)").isEmpty)

                        let edit = try await client.get(url + "/edit", as: ada)
                        let saved = try await client.submit("\#(form)", on: edit, [\#(editedFields)], as: ada)
                        #expect(saved.status == .seeOther)
                        let page = try await client.get(url)
                        \#(pageCheck(sample: 2))

                        try await app.site.database.write { db in
                            let bobID = try #require(try await db.fetchValue(Int64.self, "SELECT id FROM member WHERE username = ?", ["bob"]))
                            try await MemberRoles.grant(.admin, to: bobID, in: db)
                        }
                        let shown = try await client.get(url, as: bob)
                        #expect(try await client.submit(".delete-\#(css)", on: shown, as: bob).status == .seeOther)
                        #expect(try await client.get(url).status == .notFound)
                    }
                }

                @Test("the list shows the newest first, in one query")
                func listShowsNewestFirstInOneQuery() async throws {
                    let app = try await TestApp<\#(appType)>()
                    defer { app.removeFiles() }
                    try await app.site.database.write { db in try await \#(listComponent).three\#(name.pluralType)(db) }
                    let list = try await app.render(\#(listComponent)(), id: "\#(name.pluralVariable)")
                    #expect(list.queryCount == 1)
                    #expect(HTMLDocument(list.html).select(".\#(css) a").count == 3)
                }

                /// A new member `username`, signed up through the form and signed in.
                static func member(_ username: String, _ client: TestClient) async throws -> TestSession {
                    let signUp = try await client.get("/signup")
                    let fields = [("username", username), ("displayName", username.capitalized), ("password", "a long enough password")]
                    return try await client.session(after: try await client.submit("form", on: signUp, fields))
                }
            }

            """#
    }

    // MARK: - Pieces

    /// The list's link text for the first record added.
    private var listTitle: String { titleField?.sample(1) ?? "\(name.title) 1" }

    /// The fields an edit sends: the title field's second sample, or nothing (the form as shown).
    private var editedFields: String { titleField.map { "(\"\($0.name)\", \"\($0.sample(2))\")" } ?? "" }

    /// An expectation on `page`, a record's page, after it was saved with the `sample`th values: its
    /// heading, or (without a title field, when an edit changes nothing) its first field.
    private func pageCheck(sample: Int) -> String {
        if let titleField { return "#expect(page.select(\"main h1\").map(\\.text) == [\"\(titleField.sample(sample))\"])" }
        let field = fields[0]
        let shown = switch field.kind {
        case .bool: "Yes"
        default: field.sample(1)
        }
        return "#expect(page.select(\".\(cssName(name.variable))-fields .\(cssClass(field))\").map(\\.text) == [\"\(shown)\"])"
    }

    /// The test of a refused form, when the record has a field that can be refused: required text
    /// left empty, numbers that are not.
    private var refusalTest: String {
        let refused = fields.filter { ($0.isRequired && ($0.kind == .string || $0.kind == .text)) || $0.kind == .int || $0.kind == .double }
        guard !refused.isEmpty else { return "" }
        let sent = refused.map { "(\"\($0.name)\", \"\($0.kind == .int || $0.kind == .double ? "many" : "")\")" }.joined(separator: ", ")
        let links = refused.map { "\"#\($0.name)\"" }.joined(separator: ", ")
        let kept = refused.first { $0.kind == .int || $0.kind == .double }.map {
            "\n            #expect(refused.select(\"input[name=\($0.name)]\").first?[attribute: \"value\"] == \"many\")"
        } ?? ""
        return #"""

                @Test("a refused \#(name.words) shows what was typed and stores nothing")
                func refused\#(name.type)KeepsWhatWasTyped() async throws {
                    try await TestApp<\#(appType)>().test { client in
                        let ada = try await Self.member("ada", client)
                        let form = try await client.get("\#(name.path)/new", as: ada)
                        let refused = try await client.submit(".\#(cssName(name.variable))-form", on: form, [\#(sent)], as: ada)
                        #expect(refused.status == .badRequest)
                        #expect(refused.select(".error-summary li a").map { $0[attribute: "href"] } == [\#(links)])\#(kept)
                        #expect(try await client.get("\#(name.path)").select(".\#(cssName(name.variable))").isEmpty)
                    }
                }

            """#
    }
}
