import Hummingbird

// MARK: - PreviewRoutes

/// The previews' pages, mounted in development mode only (a production router has no such
/// route, so the addresses are 404s there):
///
/// - `GET /_tessera/previews` lists every previewable type and its previews;
/// - `GET /_tessera/previews/<type>/<preview>` renders one inside the app's layout, and with
///   `?frame=bare` alone on a plain page; both show its fragment URL and query count, and a
///   preview that cannot render shows why (with status 200: the page itself worked).
enum PreviewRoutes {
    /// The catalogue's address.
    static let path = "/_tessera/previews"

    /// Mounts the pages for `runner` on `router`.
    static func mount(_ runner: PreviewRunner, on router: Router<TesseraRequestContext>) {
        router.get(RouterPath(path)) { _, _ in
            HTMLResponse.make(PreviewPages.catalogue(runner.groups))
        }
        router.get(RouterPath(path + "/:group/:preview")) { request, context in
            guard let group = context.parameters.get("group"), let name = context.parameters.get("preview"),
                let (found, preview) = runner.find(group: group, preview: name)
            else { throw RequestError.notFound("There is no such preview. The list is at \(path).") }
            let bare = request.uri.queryParameters["frame"] == "bare"
            let title = found.name + " · " + preview.name
            let links = PreviewPages.Links(group: found.slug, preview: preview.slug)
            let rendered = await runner.render(preview) { site, scope, result in
                let info = PreviewPages.info(title: title, result, links: links, bare: bare)
                guard !bare, let layout = site.configuration.defaultLayout else {
                    return PreviewPages.barePage(title: title, info: info, fragment: result.html)
                }
                let renderer = try await site.renderer(for: scope)
                var writer = HTMLWriter()
                let frame = PreviewPages.Frame(info: info, fragment: result.html)
                site.writePage(layout: layout, head: PageHead(title: "Preview: " + title), body: frame, renderer: renderer, into: &writer)
                return String(decoding: writer.bytes, as: UTF8.self)
            }
            if rendered.failure != nil {
                let info = PreviewPages.info(title: title, rendered, links: links, bare: true)
                return HTMLResponse.make(Array(PreviewPages.barePage(title: title, info: info, fragment: "").utf8))
            }
            return HTMLResponse.make(Array(rendered.html.utf8))
        }
    }
}
