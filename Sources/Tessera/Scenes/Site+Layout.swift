import TesseraTemplates

// MARK: - Writing a page in its layout

extension Site {
    /// Writes a page into `page`: `body` inside the layout `layout` (with `head`, the site's
    /// name, and the layout's own components, ``SiteConfiguration/layoutComposition``), or
    /// `body` alone when `layout` is nil. The one place a layout is rendered: scenes' pages,
    /// error pages and previews all come through it.
    func writePage(
        layout: String?, head: PageHead, body: any HTMLFragment, layoutComponents: [LoadedComponent] = [], renderer: TemplateRenderer,
        into page: inout HTMLWriter
    ) {
        guard let layout else {
            body.write(into: &page, renderer: renderer)
            return
        }
        let model = LayoutViewModel(head: head, content: body, siteName: configuration.name)
        if layoutComponents.isEmpty {
            renderer.render(layout, model, into: &page)
        } else {
            renderer.render(layout, LayoutPage(layout: model, components: layoutComponents), into: &page)
        }
    }
}
