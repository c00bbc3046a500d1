import Foundation
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Links come from the scenes' declarations: one source for Swift and for templates.
@Suite("Links from declarations")
struct DemoLinksTests {
    @Test("the builders fill the scenes' own paths")
    func builders() {
        #expect(DemoURLs.blog(7) == "/blogs/7")
        #expect(DemoURLs.editDraft(2) == "/drafts/2/edit")
        #expect(DemoURLs.restore(13) == "/trash/13/restore")
        #expect(DemoURLs.signOut == "/signin/signout")
        #expect(DemoURLs.newMessage(to: 4) == "/messages/new?to=4")
        #expect(DemoURLs.password == DemoPasswordScene.path)
    }

    @Test("the layout's navigation and footer links are the scenes' addresses")
    func layoutLinks() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.get("/photos")
            let visitorLinks = Set(visitor.select("header a, footer a").compactMap { $0.attributes["href"] })
            #expect(visitorLinks.isSuperset(of: [DemoURLs.home, DemoURLs.photos, DemoURLs.signIn]))
            let session = try await client.signIn()
            let member = try await client.get("/photos", as: session)
            let memberLinks = Set(member.select("header a").compactMap { $0.attributes["href"] })
            #expect(memberLinks.isSuperset(of: [DemoURLs.messages, DemoURLs.newDraft, DemoURLs.password, DemoURLs.user(1)]))
            #expect(Set(member.select("header form").compactMap { $0.attributes["action"] }) == [DemoURLs.signOut])
            let signedOut = try await client.post(DemoURLs.signOut, as: session)
            #expect(signedOut.status == .seeOther)
            #expect(signedOut.headers[.location] == DemoURLs.home)
        }
    }
}
