import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

/// The Guide's form, built as the Guide writes it — its component and template copied from
/// `Docs/Guide.md` word for word — draws every field through Tessera's partials, refuses with
/// the values kept, and lists a tool with its photo served back.
@Suite("The Guide's form")
struct ToolshedGuideTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let root = folder.appendingPathComponent("Toolshed")

    private func app() async throws -> TestApp<ToolshedApp> { try await TestApp(root: Self.root) }

    @Test("the fixture is the Guide's code, word for word")
    func fixtureIsTheGuides() throws {
        let guide = try String(contentsOf: Self.folder.appendingPathComponent("../../../Docs/Guide.md"), encoding: .utf8)
        let swift = try String(contentsOf: Self.folder.appendingPathComponent("ListingFormComponent.swift"), encoding: .utf8)
        let template = try String(contentsOf: Self.root.appendingPathComponent("Views/ListingFormComponent.mustache"), encoding: .utf8)
        let code = String(try #require(swift.range(of: "@Component\nstruct ListingFormComponent").map { swift[$0.lowerBound...] }))
        #expect(guide.contains("```swift\n" + code + "```"))
        #expect(guide.contains("```mustache\n" + template + "```"))
        #expect(!template.contains("_csrf") && !template.contains("_component") && !template.contains("data-tessera-fragment"))
    }

    @Test("every field is drawn by the framework's partial")
    func drawsEveryField() async throws {
        try await app().test { client in
            let page = try await client.get("/")
            #expect(page.select("form[enctype='multipart/form-data'] input[name=_csrf]").count == 1)
            #expect(page.select("input#name[required]").count == 1)
            #expect(page.select("textarea#notes").count == 1)
            #expect(page.select("fieldset legend").map(\.text) == ["Condition", "Comes with"])
            #expect(page.select("input[name=condition][type=radio]").count == 3)
            #expect(page.select("input#deposit[type=number]").count == 1)
            #expect(page.select("input#photo[type=file]").first?[attribute: "accept"] == "image/png,image/jpeg,image/gif,image/webp")
            for id in ["name", "notes", "deposit", "photo", "insured"] { #expect(page.select("label[for=\(id)]").count == 1, "\(id)") }
        }
    }

    @Test("a refusal keeps every value but the file, under an error summary")
    func refusalKeepsValues() async throws {
        try await app().test { client in
            let page = try await client.get("/")
            let refused = try await client.submit(
                on: page, [("name", "Saw"), ("notes", "Sharp.\nMind the teeth."), ("extras", "case"), ("insured", "on"), ("deposit", "lots")],
                files: [UploadedFile(field: "photo", filename: "saw.jpg", contentType: "image/jpeg", data: Array("GIF89a".utf8))])
            #expect(refused.status == .badRequest)
            #expect(refused.select("title").first?.text.hasPrefix("Error: ") == true)
            #expect(refused.select(".error-summary li a").compactMap { $0[attribute: "href"] } == ["#condition-1", "#deposit", "#photo"])
            #expect(refused.select("input#name").first?[attribute: "value"] == "Saw")
            #expect(refused.select("textarea#notes").first?.rawText == "\nSharp.\nMind the teeth.")
            #expect(refused.select("input[name=extras][checked]").compactMap { $0[attribute: "value"] } == ["case"])
            #expect(refused.select("input#insured[checked]").count == 1)
            #expect(refused.select("input#deposit").first?[attribute: "value"] == "lots")
        }
    }

    @Test("a listing is stored with its photo, served back to anyone")
    func storesAndServesThePhoto() async throws {
        let app = try await app()
        let png = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!)
        try await app.test(keepingFiles: true) { client in
            let page = try await client.get("/")
            let saved = try await client.submit(
                on: page, [("name", "Saw"), ("condition", "good"), ("deposit", "20")],
                files: [UploadedFile(field: "photo", filename: "saw.png", contentType: "image/png", data: png)])
            #expect(saved.status == .seeOther)
        }
        let url = try #require(
            try await app.site.database.read { db in try await db.fetchValue(String.self, "SELECT photoURL FROM listing") })
        #expect(url.hasPrefix("/photos/"))
        try await TestApp(reopening: app).test { client in
            let photo = try await client.get(url)
            #expect(photo.status == .ok)
            #expect(Array(photo.body.readableBytesView) == png)
            #expect(photo.headers[.cacheControl] == "public, max-age=31536000, immutable")
        }
    }
}
