import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Data sources: type → cell mapping, headers and footers, empty states, nesting, and
/// unregistered types reported at configuration.
@Suite("Data sources")
struct DataSourceTests {
    struct Photo { let name: String }
    struct Post { let title: String }
    struct Heading { let text: String }
    struct More { let url: String }
    struct Strip { let photos: [Photo] }
    struct Unknown {}

    /// Models with one text key each.
    struct NameModel: TemplateModel {
        let name: String
        static let templateKeys: [TemplateKey<Self>] = [TemplateKey("name") { $0.name }]
    }
    struct TitleModel: TemplateModel {
        let title: String
        static let templateKeys: [TemplateKey<Self>] = [TemplateKey("title") { $0.title }]
    }
    struct TextModel: TemplateModel {
        let text: String
        static let templateKeys: [TemplateKey<Self>] = [TemplateKey("text") { $0.text }]
    }
    struct URLModel: TemplateModel {
        let url: String
        static let templateKeys: [TemplateKey<Self>] = [TemplateKey("url") { $0.url }]
    }
    struct StripModel: TemplateModel {
        let photos: ArrayDataSource<PhotoCell>
        static let templateKeys: [TemplateKey<Self>] = [TemplateKey("photos") { $0.photos }]
    }

    struct PhotoCell: CellRenderer {
        static let template: String? = "Photo"
        func viewModel(for photo: Photo) -> NameModel { NameModel(name: photo.name) }
    }
    struct PostCell: CellRenderer {
        static let template: String? = "Post"
        func viewModel(for post: Post) -> TitleModel { TitleModel(title: post.title) }
    }
    struct HeadingCell: CellRenderer {
        static let template: String? = "Heading"
        func viewModel(for heading: Heading) -> TextModel { TextModel(text: heading.text) }
    }
    struct MoreCell: CellRenderer {
        static let template: String? = "More"
        func viewModel(for more: More) -> URLModel { URLModel(url: more.url) }
    }
    /// A cell holding a nested data source: a horizontal strip of photos inside a feed.
    struct StripCell: CellRenderer {
        static let template: String? = "Strip"
        func viewModel(for strip: Strip) -> StripModel {
            StripModel(photos: ArrayDataSource(items: strip.photos, cell: PhotoCell()))
        }
    }

    let library = try! TemplateLibrary(sources: [
        TemplateSource(name: "Photo", text: "<img src=\"/p/{{name}}.svg\" alt=\"{{name}}\">"),
        TemplateSource(name: "Post", text: "<article>{{title}}</article>"),
        TemplateSource(name: "Heading", text: "<h2>{{text}}</h2>"),
        TemplateSource(name: "More", text: "<a href=\"{{url}}\">More</a>"),
        TemplateSource(name: "Strip", text: "<div class=\"strip\">{{photos}}</div>"),
        TemplateSource(name: "List", text: "<div>{{list}}</div>"),
    ])

    /// A data source of `sections` drawn by the suite's cells.
    func source(_ sections: [DataSourceSection]) throws -> SectionedDataSource<StandardSection> {
        try SectionedDataSource(sections: sections) {
            PhotoCell()
            PostCell()
            StripCell()
            HeadingCell()
            MoreCell()
        }
    }

    private func render(_ fragment: some HTMLFragment) -> String {
        library.render("List", ["list": .fragment(fragment)]).description
    }

    @Test("a cell reads its own keys first, then the page's globals; sections inside it see its model")
    func cellLookups() throws {
        let library = try TemplateLibrary(sources: [
            TemplateSource(name: "Photo", text: "{{#name}}<b>{{name}}</b>{{/name}}{{^name}}none{{/name}}|{{site}}|{{name}};")
        ])
        let globals: [String: TemplateValue] = ["site": "S&", "name": "global"]
        let renderer = TemplateRenderer(library: library, globals: .object(globals))
        var writer = HTMLWriter()
        ArrayDataSource(items: [Photo(name: "a"), Photo(name: "")], cell: PhotoCell()).write(into: &writer, renderer: renderer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "<b>a</b>|S&amp;|a;none|S&amp;|;")
    }

    @Test("an array data source draws every item with its one cell")
    func arrayDataSource() {
        let source = ArrayDataSource(items: [Photo(name: "a"), Photo(name: "b<")], cell: PhotoCell())
        #expect(render(source) == "<div><img src=\"/p/a.svg\" alt=\"a\"><img src=\"/p/b&lt;.svg\" alt=\"b&lt;\"></div>")
    }

    @Test("an empty array data source shows its empty state")
    func arrayEmptyState() {
        let source = ArrayDataSource(items: [Photo](), cell: PhotoCell(), emptyState: EmptyState("No photos yet."))
        #expect(render(source) == "<div><p class=\"empty-state\">No photos yet.</p></div>")
    }

    @Test("a data source says whether it is empty, for a template that hides its own wrapper around an empty list")
    func dataSourcesSayWhetherEmpty() throws {
        #expect(ArrayDataSource(items: [Photo](), cell: PhotoCell()).isEmpty)
        #expect(!ArrayDataSource(items: [Photo(name: "a")], cell: PhotoCell()).isEmpty)
        let empty = try source([DataSourceSection(items: []), DataSourceSection(items: [], emptyState: EmptyState("None."))])
        #expect(empty.isEmpty)
        let one = try source([DataSourceSection(items: []), DataSourceSection(items: [Post(title: "One")])])
        #expect(!one.isEmpty)
    }

    @Test("sections mix item types, each drawn by the cell registered for its type, with header and footer")
    func sectionedMapping() throws {
        let source = try self.source([
                DataSourceSection(id: "latest", header: Heading(text: "Latest"), items: [Post(title: "One"), Photo(name: "x"), Post(title: "Two")], footer: More(url: "/more"))
            ])
        #expect(render(source) == "<div><section class=\"section\" id=\"latest\"><h2>Latest</h2><div class=\"section-items\" data-items><article>One</article><img src=\"/p/x.svg\" alt=\"x\"><article>Two</article></div><a href=\"/more\">More</a></section></div>")
    }

    @Test("each section has its own empty state")
    func sectionEmptyState() throws {
        let source = try self.source([
                DataSourceSection(header: Heading(text: "Drafts"), items: [], emptyState: EmptyState("No drafts.", action: (label: "Write one", url: "/drafts/new"))),
                DataSourceSection(items: [Post(title: "Kept")]),
            ])
        #expect(render(source) == "<div><section class=\"section\"><h2>Drafts</h2><div class=\"section-items\" data-items><p class=\"empty-state\">No drafts. <a href=\"/drafts/new\">Write one</a></p></div></section><section class=\"section\"><div class=\"section-items\" data-items><article>Kept</article></div></section></div>")
    }

    @Test("a cell can hold a nested data source")
    func nestedDataSource() throws {
        let source = try self.source([DataSourceSection(items: [Post(title: "Above"), Strip(photos: [Photo(name: "1"), Photo(name: "2")])])])
        #expect(render(source).contains("<article>Above</article><div class=\"strip\"><img src=\"/p/1.svg\" alt=\"1\"><img src=\"/p/2.svg\" alt=\"2\"></div>"))
    }

    @Test("an item type with no renderer is reported when the data source is configured")
    func unregisteredTypeIsReported() {
        #expect(throws: DataSourceError(typeName: String(reflecting: Unknown.self), role: .item, section: 1)) {
            try source([DataSourceSection(items: [Post(title: "ok")]), DataSourceSection(items: [Unknown()])])
        }
        #expect(throws: DataSourceError(typeName: String(reflecting: Unknown.self), role: .header, section: 0)) {
            try source([DataSourceSection(header: Unknown(), items: [])])
        }
    }

    @Test("a new cell type is one more line in the data source's closure")
    func newCellTypeIsOneLine() throws {
        struct Quote { let text: String }
        struct QuoteCell: CellRenderer {
            static let template: String? = "Heading"
            func viewModel(for quote: Quote) -> TextModel { TextModel(text: "“\(quote.text)”") }
        }
        let source = try SectionedDataSource<StandardSection>(sections: [DataSourceSection(header: Heading(text: "Said"), items: [Quote(text: "hi")])]) {
            HeadingCell()
            QuoteCell()
        }
        #expect(render(source).contains("<h2>Said</h2><div class=\"section-items\" data-items><h2>“hi”</h2>"))
    }

    @Test("a later cell for the same type replaces the earlier, and draws it as an item, a header and a footer")
    func laterCellReplaces() throws {
        struct Quote { let text: String }
        struct PlainQuote: CellRenderer {
            static let template: String? = "Heading"
            func viewModel(for quote: Quote) -> TextModel { TextModel(text: quote.text) }
        }
        struct LoudQuote: CellRenderer {
            static let template: String? = "Heading"
            func viewModel(for quote: Quote) -> TextModel { TextModel(text: quote.text.uppercased()) }
        }
        let loud = false
        let source = try SectionedDataSource<StandardSection>(
            sections: [DataSourceSection(header: Quote(text: "head"), items: [Quote(text: "hi")], footer: Quote(text: "foot"))]
        ) {
            PlainQuote()
            LoudQuote()
            if loud { PlainQuote() }
        }
        #expect(source.registry.entries.count == 1, "one entry for the type")
        let html = render(source)
        #expect(html.contains("<h2>HEAD</h2>") && html.contains("<h2>HI</h2>") && html.contains("<h2>FOOT</h2>"))
        #expect(!html.contains("<h2>hi</h2>"))
    }
}
