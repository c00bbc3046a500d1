import Foundation
import Tessera
import Testing
import TesseraTesting

@testable import TesseraDemo

/// The demo's members, posts, comments, drafts, photos and priorities are models (`@Model`)
/// over the tables its migrations made, and its back office keeps the posts and comments, for
/// Ada, the seeded admin.
@Suite("The demo's models and back office")
struct DemoModelsTests {
    @Test("the models match the migrated tables: migrate --plan finds nothing to change, on both databases")
    func modelsMatchTheMigrations() async throws {
        try await TestSite.onEachDatabase { site in
            let changes = try await site.app.pendingModelChanges()
            #expect(changes.isEmpty, "\(site.site.database.dialect): \(changes)")
        }
    }

    @Test("Ada, the seeded admin, finds a post in the back office and renames it, and the post's page shows the new title")
    func adminRenamesAPost() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                let ada = try await client.signIn(DemoSeed.adminUsername, password: DemoSeed.adminPassword)
                let index = try await client.get("/admin", as: ada)
                #expect(index.status == .ok)
                #expect(index.document.select(".back-office-types a").map(\.text) == ["Blog", "Comment"])

                let found = try await client.get("/admin/blog?q=bicycles", as: ada)
                #expect(found.document.first("[data-total]")?.text == "6")
                let before = try await client.get("/blogs/11")
                #expect(before.document.first("h1")?.text == "Bicycles #1")

                let edit = try await client.get("/admin/blog/11/edit", as: ada)
                #expect(edit.document.first("#record-title")?[attribute: "value"] == "Bicycles #1")
                let saved = try await client.submit("form.back-office-form", on: edit, [("title", "Bicycles, renamed")], as: ada)
                #expect(saved.status == .seeOther)
                #expect(saved.headers[.location] == "/admin/blog/11")
                let record = try await client.get("/admin/blog/11", as: ada)
                #expect(record.document.first(".back-office-change [data-field=title] .after")?.text == "Bicycles, renamed")
                #expect(try await client.get("/blogs/11").document.first("h1")?.text == "Bicycles, renamed", "the page read again after the write")
            }
        }
    }

    @Test("the back office refuses a post's title longer than the post form allows, and the demo member gets 403")
    func checksAndGuards() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let ada = try await client.signIn(DemoSeed.adminUsername, password: DemoSeed.adminPassword)
            let edit = try await client.get("/admin/blog/11/edit", as: ada)
            let long = String(repeating: "x", count: Draft.titleField.maxScalars + 1)
            let refused = try await client.submit("form.back-office-form", on: edit, [("title", long)], as: ada)
            #expect(refused.status == .badRequest)
            #expect(refused.document.first("#record-title")?[attribute: "value"] == long)
            #expect(refused.document.select("#record-title-error").count == 1)

            let demo = try await client.signIn()
            for page in ["/admin", "/admin/blog", "/admin/comment/1", "/admin/blog/11/edit"] {
                #expect(try await client.get(page, as: demo).status == .forbidden, "demo GET \(page)")
            }
            #expect(try await client.post("/admin/blog/11/delete", [], as: demo).status == .forbidden)
            #expect(try await client.get("/blogs/11").status == .ok, "the post is still there")
        }
    }
}
