import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// The profile form holds one field of every kind (text, text area, URL, date, select,
/// checkboxes, radios, one checkbox, number, file), drawn by `Tessera/Field`: a refusal shows an
/// error summary linking to each field and keeps every value but the picture; a saved picture is
/// served back through the framework's file route by another process on the same database.
@Suite("Profile form")
struct ProfileFormTests {
    private static let png = MessagingTestSupport.tinyPNG

    @Test("every kind of field is drawn with its label and current value")
    func everyKindIsDrawn() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let page = try await client.get("/users/1/edit", as: session)
            let form = try #require(page.select("form[action='/users/1/edit']").first)
            #expect(form[attribute: "enctype"] == "multipart/form-data")
            for (selector, label) in [
                ("input#profile-displayName[type=text]", "Display name"), ("textarea#profile-bio", "Bio"),
                ("input#profile-website[type=url]", "Website"), ("input#profile-birthday[type=date]", "Birthday"),
                ("select#profile-pronouns", "Pronouns"), ("input#profile-postsPerPage[type=number]", "Posts per page"),
                ("input#profile-avatar[type=file]", "Picture"), ("input#profile-acceptsMessages[type=checkbox]", "Members may send me messages"),
            ] {
                #expect(page.select(selector).count == 1, "\(selector)")
                let id = String(selector.split(separator: "#")[1].prefix { $0 != "[" })
                #expect(page.select("label[for='\(id)']").first?.text == label)
            }
            #expect(page.select("fieldset legend").map(\.text) == ["Show on my profile", "Who sees these details", "Mail me"])
            #expect(page.select("input[name=shown][type=checkbox][checked]").compactMap { $0[attribute: "value"] } == ["website", "pronouns"])
            #expect(page.select("input[name=audience][type=radio][checked]").first?[attribute: "value"] == "everyone")
            #expect(page.select("input#profile-acceptsMessages[checked]").count == 1)
            #expect(page.select("input[name=mails][type=checkbox][checked]").compactMap { $0[attribute: "value"] } == ["comments"])
            #expect(page.select("input#profile-postsPerPage").first?[attribute: "value"] == "10")
            #expect(page.select(".error-summary").isEmpty)
        }
    }

    @Test("a refused profile answers 400 with a summary linking to each error and every value kept but the picture")
    func refusalKeepsValues() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let page = try await client.get("/users/1/edit", as: session)
            let refused = try await client.submit(
                "form[action='/users/1/edit']", on: page,
                [
                    ("bio", "Page one\u{0C}page two"), ("website", "example.com"), ("birthday", "2990-02-30"), ("pronouns", "they"),
                    ("shown", "birthday"), ("shown", "website"), ("audience", "members"), ("postsPerPage", "500"),
                ],
                removing: ["acceptsMessages"],
                files: [UploadedFile(field: "avatar", filename: "me.png", contentType: "image/png", data: Array("not an image".utf8))], as: session)
            #expect(refused.status == .badRequest)
            #expect(refused.select("title").first?.text.hasPrefix("Error: ") == true)
            let links = refused.select(".error-summary[role=alert] li a")
            #expect(links.compactMap { $0[attribute: "href"] } == ["#profile-bio", "#profile-website", "#profile-birthday", "#profile-postsPerPage", "#profile-avatar"])
            #expect(links.first?.text.hasPrefix("Bio: This contains U+000C (a form feed)") == true)
            for link in links {
                let id = String((link[attribute: "href"] ?? "").dropFirst())
                #expect(refused.select("#\(id)[aria-invalid=true]").count == 1, "\(id) is marked")
                #expect(refused.select("#\(id)-error.field-error").count == 1, "\(id) has its message")
            }
            #expect(refused.select("textarea#profile-bio").first?.text == "Page onepage two")
            #expect(refused.select("input#profile-website").first?[attribute: "value"] == "example.com")
            #expect(refused.select("input#profile-birthday").first?[attribute: "value"] == "2990-02-30")
            #expect(refused.select("select#profile-pronouns option[selected]").first?[attribute: "value"] == "they")
            #expect(Set(refused.select("input[name=shown][checked]").compactMap { $0[attribute: "value"] }) == ["birthday", "website"])
            #expect(refused.select("input[name=audience][checked]").first?[attribute: "value"] == "members")
            #expect(refused.select("input#profile-acceptsMessages[checked]").isEmpty)
            #expect(refused.select("input#profile-postsPerPage").first?[attribute: "value"] == "500")
            #expect(refused.select("input#profile-avatar").first?[attribute: "value"] == nil)
            let profile = try await client.get("/users/1", as: session)
            #expect(profile.select(".website, .birthday, .pronouns").isEmpty, "nothing was saved")
        }
    }

    @Test("a saved picture and details show on the profile, the picture served by another process (SQLite, PostgreSQL)")
    func savedPictureIsServed() async throws {
        try await TestSite.onTwoProcesses(Self.savesAndServes)
    }

    private static func savesAndServes(_ first: TestSite, _ second: TestSite) async throws {
        try await first.test(keepingFiles: true) { one in
            try await second.test { two in
                let session = try await one.signIn()
                let page = try await one.get("/users/1/edit", as: session)
                let saved = try await one.submit(
                    "form[action='/users/1/edit']", on: page,
                    [("website", "https://example.com/dee"), ("birthday", "1990-03-04"), ("pronouns", "she"), ("shown", "birthday"), ("shown", "website"), ("audience", "members"), ("postsPerPage", "5")],
                    files: [UploadedFile(field: "avatar", filename: "dee.gif", contentType: "image/gif", data: png)], as: session)
                #expect(saved.status == .seeOther)
                let profile = try await two.get("/users/1", as: session)
                let picture = try #require(profile.select("img.avatar-picture").first?[attribute: "src"])
                #expect(picture.wholeMatch(of: /\/avatars\/[0-9a-f]{32}\.png/) != nil)
                #expect(profile.select(".website a").first?[attribute: "href"] == "https://example.com/dee")
                #expect(profile.select(".birthday time").first?[attribute: "datetime"] == "1990-03-04")
                #expect(profile.select(".pronouns").isEmpty, "pronouns are not among the shown details")
                #expect(profile.select("#blog-list [data-items] > li").count == 5, "a page lists the chosen number of posts")
                let visitor = try await two.get("/users/1")
                #expect(visitor.select(".website, .birthday").isEmpty, "members only")
                let served = try await two.get(picture)
                #expect(served.status == .ok)
                #expect(Array(served.body.readableBytesView) == png)
                #expect(served.headers[.contentType] == "image/png")
                #expect(served.headers[.xContentTypeOptions] == "nosniff")
                #expect(served.headers[.cacheControl]?.hasPrefix("public") == true)
                let etag = try #require(served.headers[.eTag])
                let again = try await two.send(method: .get, uri: picture, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified)
                #expect(try await two.get(picture.replacingOccurrences(of: ".png", with: ".gif")).status == .notFound)
                #expect(try await two.get("/avatars/../uploads/x.png").status == .notFound)
            }
        }
    }

    @Test("a member who takes no messages has no Message link and cannot be written to")
    func noMessages() async throws {
        let site = try await TestSite()
        try await site.site.database.write { db in
            try await ProfileDetailsStore.save(ProfileDetails(acceptsMessages: false), of: 2, in: db)
        }
        try await site.test { client in
            let demo = try await client.signIn()
            #expect(try await client.get("/users/2", as: demo).select("a[href^='/messages/new']").isEmpty)
            let form = try await client.get("/messages/new?to=2", as: demo)
            let refused = try await client.submit("form[action='/messages/new']", on: form, [("text", "Hello")], as: demo)
            #expect(refused.status == .badRequest)
            #expect(refused.select("#new-message-to-error").first?.text.hasSuffix("does not take new messages.") == true)
        }
    }
}
