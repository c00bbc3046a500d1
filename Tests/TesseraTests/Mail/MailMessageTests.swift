import Foundation
import Logging
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Fixtures

/// A mail telling an author about a comment.
@TemplateModel
struct CommentNoticeMail: MailMessage {
    let author: String
    let comment: String
    let link: String
    var subject: String { "\(author) commented" }
}

/// An app sending it.
struct CommentNoticeApp: TesseraApp {
    var name: String { "Book Club" }
    var scenes: [Scene.Type] { [] }
    var mails: [any MailMessage.Type] { [CommentNoticeMail.self] }
}

/// An app that sends the mail without listing it.
struct NoMailsApp: TesseraApp {
    var scenes: [Scene.Type] { [] }
}

// MARK: - Tests

/// Mails drawn from `Views/Mail/`: the text part as typed, the HTML part escaped, both checked
/// against the mail's type at start-up.
@Suite("Mail templates")
struct MailMessageTests {
    static let text = "{{author}} wrote on {{siteName}}:\n\n{{comment}}\n\n{{link}}"
    static let html = "<p>{{author}} wrote:</p>\n<blockquote>{{comment}}</blockquote>\n<p><a href=\"{{link}}\">Read it</a> on {{siteName}}</p>"

    @Test("the text part writes values as typed; the HTML part escapes them, inside a document titled by the subject")
    func rendersBothParts() async throws {
        let folder = try AppFolder(templates: ["Mail/CommentNoticeMail.text": Self.text, "Mail/CommentNoticeMail.html": Self.html])
        defer { folder.remove() }
        let app = try await TestApp<CommentNoticeApp>(root: folder.root) { $0.publicURL = "https://books.example.test" }
        defer { app.removeFiles() }
        let message = CommentNoticeMail(author: "Ada <& \"Co\">", comment: "5 < 6 & 'so' <b>on</b>", link: "https://books.example.test/p/1?a=1&b=2")
        let mail = try app.site.mail(message, to: [MailAddress("grace@example.test")!])
        #expect(mail.subject == "Ada <& \"Co\"> commented")
        #expect(mail.from == MailAddress("no-reply@books.example.test"))
        #expect(mail.text == "Ada <& \"Co\"> wrote on Book Club:\n\n5 < 6 & 'so' <b>on</b>\n\nhttps://books.example.test/p/1?a=1&b=2")
        let html = try #require(mail.html)
        let document = HTMLDocument(html)
        #expect(document.first("title")?.text == "Ada <& \"Co\"> commented")
        #expect(document.first("blockquote")?.text == "5 < 6 & 'so' <b>on</b>")
        #expect(document.select("blockquote b").isEmpty, "no markup from the comment")
        #expect(document.first("a")?.attributes["href"] == "https://books.example.test/p/1?a=1&b=2")
    }

    @Test("a mail without its text template stops start-up, naming the type and the file expected")
    func missingTextTemplate() throws {
        let folder = try AppFolder(templates: ["Mail/CommentNoticeMail.html": Self.html])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try CommentNoticeApp().check(folder.configuration) }
        #expect(error.problems.map(\.description) == ["CommentNoticeMail: has no text template (expected Views/Mail/CommentNoticeMail.text.mustache)"])
    }

    @Test("a key a mail template reads but its type lacks stops start-up at file:line:col, in either part")
    func unknownKey() throws {
        let folder = try AppFolder(templates: [
            "Mail/CommentNoticeMail.text": "{{author}}\n{{comment}} {{link}} {{postTitle}}",
            "Mail/CommentNoticeMail.html": "<p>{{author}} {{comment}} <a href=\"{{link}}\">{{csrfToken}}</a></p>",
        ])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try CommentNoticeApp().check(folder.configuration) }
        let files = error.problems.compactMap(\.file)
        #expect(files.sorted() == ["Views/Mail/CommentNoticeMail.html.mustache:1:46", "Views/Mail/CommentNoticeMail.text.mustache:2:22"])
        #expect(error.description.contains("postTitle"))
        #expect(error.description.contains("csrfToken"), "a page's globals are not a mail's")
    }

    @Test("drawing a mail whose text template is missing throws, naming it, instead of sending a comment")
    func missingTemplateAtSend() async throws {
        let folder = try AppFolder(templates: [:])
        defer { folder.remove() }
        let app = try await TestApp<NoMailsApp>(root: folder.root) { _ in }
        defer { app.removeFiles() }
        #expect(throws: MailError.noTemplate("Mail/CommentNoticeMail.text")) {
            try app.site.mail(CommentNoticeMail(author: "A", comment: "c", link: "https://x.test"), to: [MailAddress("a@example.test")!])
        }
    }

    @Test("a text template is not checked as HTML; an HTML one is")
    func htmlChecksOnlyTheHTMLPart() throws {
        _ = try TemplateLibrary(sources: [TemplateSource(name: "Mail/Note.text", text: "<p>not closed & fine {{x}}")])
        #expect(throws: TemplateErrors.self) {
            _ = try TemplateLibrary(sources: [TemplateSource(name: "Mail/Note.html", text: "<p><div>{{x}}</p>")])
        }
    }
}
