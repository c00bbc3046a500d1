import Foundation

// MARK: - MailMessage

/// A mail drawn from templates, the way a component is drawn from its own: a `@TemplateModel`
/// whose values fill `Views/Mail/<Name>.text.mustache` (the plain-text part, required) and
/// `Views/Mail/<Name>.html.mustache` (an HTML part, optional: the body of a page Tessera wraps
/// in a document). The app lists its mails in ``TesseraApp/mails``; start-up checks that each
/// has its text template and that every key its templates read is one it declares, as it does
/// for components.
///
/// ```swift
/// @TemplateModel
/// struct CommentMail: MailMessage {
///     let author: String
///     let postTitle: String
///     let postURL: String
///     var subject: String { "\(author) commented on “\(postTitle)”" }
/// }
///
/// try await site.mail(CommentMail(…), to: [address]).send(in: db)
/// ```
///
/// The text part writes values as they are; the HTML part escapes them as every page does.
/// Both templates may also read `siteName` and `siteURL` (``SiteConfiguration/publicURL``).
public protocol MailMessage: TemplateModel, Sendable {
    /// The templates' name without `.text` or `.html`; default `Mail/` and the type's name.
    static var template: String { get }
    /// The subject line (one line: ``Mail`` refuses a line break).
    var subject: String { get }
}

extension MailMessage {
    public static var template: String { "Mail/" + String(describing: Self.self) }
}

// MARK: - MailGlobals

/// What every mail template may read besides its message: `siteName` and `siteURL`.
@TemplateModel
struct MailGlobals: Sendable {
    let siteName: String
    let siteURL: String
}

// MARK: - Site

extension Site {
    /// `path` (starting with `/`) under the site's public address (``SiteConfiguration/publicURL``),
    /// for links that leave the site, such as those in mail.
    public func absoluteURL(_ path: String) -> String { configuration.publicURL + path }

    /// Who the site's mail is from: ``SiteConfiguration/mailFrom``, or `no-reply@` its mail domain.
    package var mailSender: MailAddress {
        configuration.mailFrom ?? MailAddress("no-reply@" + configuration.mailDomain) ?? MailAddress("no-reply@localhost.localdomain")!
    }

    /// `message` drawn from its templates, from `mailSender` to `recipients`; send it with
    /// ``Mail/send(in:)``. Throws ``MailError`` for a subject with a line break, no recipient, or
    /// no text template (a mail the app does not list in ``TesseraApp/mails``, which start-up
    /// would have checked).
    public func mail<Message: MailMessage>(_ message: Message, to recipients: [MailAddress]) throws(MailError) -> Mail {
        let templates = self.templates
        guard let textTemplate = templates.template(named: Message.template + ".text") else {
            throw .noTemplate(Message.template + ".text")
        }
        let renderer = TemplateRenderer(
            library: templates, globals: .object(MailGlobals(siteName: configuration.name, siteURL: configuration.publicURL)))
        var text = HTMLWriter()
        renderer.render(textTemplate, message, into: &text)
        var html: String?
        if let template = templates.template(named: Message.template + ".html") {
            var writer = HTMLWriter()
            writer.writeRaw("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
            writer.writeEscaped(message.subject)
            writer.writeRaw("</title></head>\n<body>\n")
            renderer.render(template, message, into: &writer)
            writer.writeRaw("\n</body></html>\n")
            html = String(decoding: writer.bytes, as: UTF8.self)
        }
        return try Mail(from: mailSender, to: recipients, subject: message.subject, text: String(decoding: text.bytes, as: UTF8.self), html: html)
    }
}
