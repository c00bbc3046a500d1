// MARK: - PreviewPages

/// The markup of the previews' pages, written by hand (they must work whatever the app's
/// templates hold).
enum PreviewPages {
    /// Where one preview's pages are.
    struct Links {
        let group: String
        let preview: String
        var inLayout: String { PreviewRoutes.path + "/" + group + "/" + preview }
        var bare: String { inLayout + "?frame=bare" }
    }

    // MARK: - Catalogue

    /// Every group and its previews, each linking to its page in the layout and bare.
    static func catalogue(_ groups: [PreviewGroup]) -> [UInt8] {
        var writer = HTMLWriter()
        head(title: "Previews", into: &writer)
        writer.writeRaw("<h1>Previews</h1>")
        if groups.isEmpty {
            writer.writeRaw("<p>No previews yet: list your previewable types in your app's <code>previews</code>.</p>")
        }
        writer.writeRaw("<ul class=\"tessera-previews\" data-tessera-previews=\"\">")
        for group in groups {
            writer.writeRaw("<li><h2>")
            writer.writeEscaped(group.name)
            writer.writeRaw("</h2><ul>")
            for preview in group.previews {
                let links = Links(group: group.slug, preview: preview.slug)
                writer.writeRaw("<li><a data-tessera-preview-link=\"\" href=\"")
                writer.writeEscaped(links.inLayout)
                writer.writeRaw("\">")
                writer.writeEscaped(preview.name)
                writer.writeRaw("</a> (<a href=\"")
                writer.writeEscaped(links.bare)
                writer.writeRaw("\">bare</a>)</li>")
            }
            writer.writeRaw("</ul></li>")
        }
        writer.writeRaw("</ul>")
        foot(into: &writer)
        return writer.bytes
    }

    // MARK: - One preview

    /// The box above a preview: its name, fragment URL, query count, links, and why it failed.
    static func info(title: String, _ result: StandaloneRender, links: Links, bare: Bool) -> String {
        var writer = HTMLWriter()
        writer.writeRaw("<aside class=\"tessera-preview-info\" data-tessera-preview=\"\"><p><strong>")
        writer.writeEscaped(title)
        writer.writeRaw("</strong></p><dl><dt>Fragment URL</dt><dd><code data-tessera-preview-url=\"\">")
        writer.writeEscaped(result.fragmentURL)
        writer.writeRaw("</code></dd><dt>Queries</dt><dd data-tessera-preview-queries=\"\">")
        writer.writeEscaped(String(result.queryCount))
        writer.writeRaw("</dd></dl>")
        if let failure = result.failure {
            writer.writeRaw("<p role=\"alert\" data-tessera-preview-failure=\"\">This preview could not render. ")
            writer.writeEscaped(failure)
            writer.writeRaw("</p>")
        } else if let loadError = result.loadError {
            writer.writeRaw("<p data-tessera-preview-load-error=\"\">Its load threw: ")
            writer.writeEscaped(loadError)
            writer.writeRaw("</p>")
        }
        writer.writeRaw("<p><a href=\"")
        writer.writeEscaped(bare ? links.inLayout : links.bare)
        if bare { writer.writeRaw("\">In the app's layout</a>") } else { writer.writeRaw("\">Bare</a>") }
        writer.writeRaw(" · <a href=\"")
        writer.writeEscaped(PreviewRoutes.path)
        writer.writeRaw("\">All previews</a></p></aside>")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A plain page: the info box, then the fragment.
    static func barePage(title: String, info: String, fragment: String) -> String {
        var writer = HTMLWriter()
        head(title: "Preview: " + title, into: &writer)
        writer.writeRaw(Array(info.utf8))
        writer.writeRaw("<div data-tessera-preview-fragment=\"\">")
        writer.writeRaw(Array(fragment.utf8))
        writer.writeRaw("</div>")
        foot(into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The info box and the fragment, as the layout's content.
    struct Frame: HTMLFragment {
        let info: String
        let fragment: String

        func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
            writer.writeRaw(Array(info.utf8))
            writer.writeRaw("<div data-tessera-preview-fragment=\"\">")
            writer.writeRaw(Array(fragment.utf8))
            writer.writeRaw("</div>")
        }
    }

    // MARK: - Private

    private static func head(title: String, into writer: inout HTMLWriter) {
        writer.writeRaw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
        writer.writeEscaped(title)
        writer.writeRaw("</title><link rel=\"stylesheet\" href=\"/css/app.css\"><script src=\"/js/tessera.js\" defer></script>")
        writer.writeRaw("</head><body class=\"tessera-preview\"><main class=\"page\">")
    }

    private static func foot(into writer: inout HTMLWriter) {
        writer.writeRaw("</main></body></html>")
    }
}
