import Foundation
import Hummingbird
import NIOCore

// MARK: - MailPreviewRoutes

/// `GET /_tessera/mail` in development: the mails caught instead of sent
/// (``MailDelivery/caught``), newest first, each with its headers and its text, and its HTML
/// shown as source (escaped: a mail's HTML never runs on the dev server's origin).
enum MailPreviewRoutes {
    /// The preview's address.
    static let path = "/_tessera/mail"

    /// Mounts the preview on `router` for `site`'s mailer.
    static func mount(on router: Router<TesseraRequestContext>, site: Site) {
        router.get(RouterPath(path)) { _, _ in
            var page = HTMLWriter()
            page.writeRaw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Mail · " as StaticString)
            page.writeEscaped(site.configuration.name)
            page.writeRaw("</title></head><body><main><h1>Mail caught in development</h1>" as StaticString)
            let mails = site.mailer.caught.reversed()
            if mails.isEmpty { page.writeRaw("<p>No mail yet.</p>" as StaticString) }
            for caught in mails {
                page.writeRaw("<article class=\"mail\"><h2>" as StaticString)
                page.writeEscaped(caught.mail.subject)
                page.writeRaw("</h2><dl><dt>From</dt><dd>" as StaticString)
                page.writeEscaped(caught.mail.from.text)
                page.writeRaw("</dd><dt>To</dt><dd>" as StaticString)
                page.writeEscaped(caught.mail.to.map(\.text).joined(separator: ", "))
                page.writeRaw("</dd><dt>Message-ID</dt><dd>" as StaticString)
                page.writeEscaped(caught.id)
                page.writeRaw("</dd></dl><pre class=\"text\">" as StaticString)
                page.writeEscaped(caught.mail.text)
                page.writeRaw("</pre>" as StaticString)
                if let html = caught.mail.html {
                    page.writeRaw("<details><summary>HTML</summary><pre class=\"html\">" as StaticString)
                    page.writeEscaped(html)
                    page.writeRaw("</pre></details>" as StaticString)
                }
                page.writeRaw("</article>" as StaticString)
            }
            page.writeRaw("</main></body></html>\n" as StaticString)
            return HTMLResponse.make(page, status: .ok)
        }
    }
}
