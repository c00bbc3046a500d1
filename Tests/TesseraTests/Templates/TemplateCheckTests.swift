import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Models

/// An author, read through dotted names.
struct CheckAuthor: TemplateModel {
    let name: String
    static let templateKeys: [TemplateKey<Self>] = [TemplateKey("name") { $0.name }]
}

/// A tag, the element of a list.
struct CheckTag: TemplateModel {
    let label: String
    static let templateKeys: [TemplateKey<Self>] = [TemplateKey("label") { $0.label }]
}

/// A post: a value, a flag, a nested model, a list of models, an optional.
struct CheckPost: TemplateModel {
    let title: String
    let isDraft: Bool
    let author: CheckAuthor
    let tags: [CheckTag]
    let subtitle: String?
    static let templateKeys: [TemplateKey<Self>] = [
        TemplateKey("title") { $0.title },
        TemplateKey("isDraft") { $0.isDraft },
        TemplateKey("author") { $0.author },
        TemplateKey("tags") { $0.tags },
        TemplateKey("subtitle") { $0.subtitle },
    ]
}

/// A cell whose template is found by its name.
struct CheckTagCell: CellRenderer {
    func viewModel(for tag: String) -> CheckTag { CheckTag(label: tag) }
}

/// A component whose model holds a data source of those cells.
struct CheckTagsComponent: Component {
    struct Model: TemplateModel {
        let tags: ArrayDataSource<CheckTagCell>
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("tags") { $0.tags }]
    }
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(tags: ArrayDataSource(items: ["swift", "web"], cell: CheckTagCell()))
    }
}

// MARK: - Tests

/// The view-model checks: every name a template reads must be a key its model (or a context
/// around it) declares, checked the way the renderer looks names up.
@Suite("Template keys checked against view models")
struct TemplateCheckTests {
    /// The errors (as `file:line:col: message`) and warnings of checking `main` with
    /// `CheckPost`, with `partials` beside it.
    func check(_ main: String, partials: [String: String] = [:]) throws -> (errors: [String], warnings: [String]) {
        let sources = [TemplateSource(name: "Posts/Post", text: main, displayPath: "Views/Posts/Post.mustache")]
            + partials.map { TemplateSource(name: $0.key, text: $0.value, displayPath: "Views/\($0.key).mustache") }
        let library = try TemplateLibrary(sources: sources)
        var checker = TemplateChecker(library: library, globals: Site.builtInGlobalKeys)
        checker.check(template: "Posts/Post", model: CheckPost.self, owner: "PostComponent")
        return (checker.errors.map(\.description), checker.unusedKeyWarnings())
    }

    static let allKeys = "{{title}}{{#isDraft}}{{/isDraft}}{{author.name}}{{#tags}}{{label}}{{/tags}}{{subtitle}}"

    @Test("a template reading only declared keys passes, with no warning")
    func declaredKeysPass() throws {
        let result = try check("<p>" + Self.allKeys + "{{csrfToken}}</p>")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    @Test("a misspelt key is an error at its line and column, naming the key, the model and the owner")
    func misspeltKey() throws {
        let result = try check("<p>" + Self.allKeys + "</p>\n<p>{{titel}}</p>")
        #expect(result.errors == ["Views/Posts/Post.mustache:2:4: key 'titel' is not provided by CheckPost (PostComponent)"])
    }

    @Test("keys inside sections and inverted sections are checked")
    func sectionsAndInvertedSections() throws {
        let result = try check("<p>" + Self.allKeys + "{{#isDraft}}{{draftNote}}{{/isDraft}}{{^subtitle}}{{fallback}}{{/subtitle}}{{#nope}}{{/nope}}</p>")
        #expect(
            result.errors == [
                "Views/Posts/Post.mustache:1:103: key 'draftNote' is not provided by CheckPost (PostComponent)",
                "Views/Posts/Post.mustache:1:141: key 'fallback' is not provided by CheckPost (PostComponent)",
                "Views/Posts/Post.mustache:1:166: key 'nope' is not provided by CheckPost (PostComponent)",
            ])
    }

    @Test("dotted names are checked part by part against the nested model")
    func dottedNames() throws {
        let result = try check("<p>" + Self.allKeys + "{{author.nmae}}{{title.length}}</p>")
        #expect(
            result.errors == [
                "Views/Posts/Post.mustache:1:91: key 'author.nmae': 'nmae' is not provided by CheckAuthor (PostComponent)",
                "Views/Posts/Post.mustache:1:106: key 'title.length': 'length' is read from a value that has no keys (PostComponent)",
            ])
    }

    @Test("inside a section over a list, names are checked against the element's model, then outwards")
    func listElements() throws {
        let ok = try check("<p>" + Self.allKeys + "{{#tags}}{{label}} in {{title}}{{/tags}}</p>")
        #expect(ok.errors.isEmpty)
        let bad = try check("<p>" + Self.allKeys + "{{#tags}}{{lable}}{{/tags}}</p>")
        #expect(bad.errors == ["Views/Posts/Post.mustache:1:100: key 'lable' is not provided by CheckTag (PostComponent)"])
    }

    @Test("a partial is checked in the including template's context, its errors placed in the partial")
    func partials() throws {
        let ok = try check("<p>" + Self.allKeys + "{{> Shared/Byline}}</p>", partials: ["Shared/Byline": "<em>{{author.name}}</em>"])
        #expect(ok.errors.isEmpty)
        let bad = try check("<p>" + Self.allKeys + "\n{{> Shared/Byline}}</p>", partials: ["Shared/Byline": "<em>{{writer}}</em>"])
        #expect(
            bad.errors == [
                "Views/Shared/Byline.mustache:1:5: key 'writer' is not provided by CheckPost (PostComponent), included from Views/Posts/Post.mustache:2:1"
            ])
    }

    @Test("a declared key no template reads is a warning, not an error")
    func unusedKeyWarning() throws {
        let result = try check("<p>{{title}}{{#isDraft}}{{/isDraft}}{{author.name}}{{#tags}}{{label}}{{/tags}}</p>")
        #expect(result.errors.isEmpty)
        #expect(result.warnings == ["Views/Posts/Post.mustache: key 'subtitle' of CheckPost is never read by its template (PostComponent)"])
    }

    @Test("templates are found by the type's name; a cell of a data source is checked against its own template")
    func cellsOfDataSources() throws {
        let library = try TemplateLibrary(sources: [
            TemplateSource(name: "Tags/CheckTagsComponent", text: "<ul>{{tags}}</ul>"),
            TemplateSource(name: "Tags/CheckTagCell", text: "<li>{{labell}}</li>", displayPath: "Views/Tags/CheckTagCell.mustache"),
        ])
        #expect(library.template(of: CheckTagsComponent.self, declared: nil) == .found("Tags/CheckTagsComponent"))
        var checker = TemplateChecker(library: library, globals: [])
        checker.check(template: "Tags/CheckTagsComponent", model: CheckTagsComponent.Model.self, owner: "CheckTagsComponent")
        #expect(checker.errors.map(\.description) == ["Views/Tags/CheckTagCell.mustache:1:5: key 'labell' is not provided by CheckTag (CheckTagCell)"])
    }

    @Test("a missing template file, or two named like the type, is an error naming the type")
    func missingAndAmbiguousTemplates() throws {
        let none = try TemplateLibrary(sources: [TemplateSource(name: "Tags/Other", text: "<p></p>")])
        #expect(none.template(of: CheckTagsComponent.self, declared: nil) == .missing(expected: "**/CheckTagsComponent"))
        #expect(
            TemplateChecker.missing(owner: "CheckTagsComponent", expected: "**/CheckTagsComponent").description
                == "CheckTagsComponent: has no template (expected Views/**/CheckTagsComponent.mustache)")
        let two = try TemplateLibrary(sources: [
            TemplateSource(name: "A/CheckTagsComponent", text: "<p></p>"), TemplateSource(name: "B/CheckTagsComponent", text: "<p></p>"),
        ])
        #expect(two.template(of: CheckTagsComponent.self, declared: nil) == .ambiguous(["A/CheckTagsComponent", "B/CheckTagsComponent"]))
        #expect(two.template(of: CheckTagsComponent.self, declared: "A/CheckTagsComponent") == .found("A/CheckTagsComponent"))
    }

    @Test("a typed model renders its declared keys through the real renderer")
    func rendersThroughTypedModel() throws {
        let library = try TemplateLibrary(sources: [
            TemplateSource(name: "Posts/Post", text: "<p>{{title}} by {{author.name}}{{#tags}} #{{label}}{{/tags}}{{^subtitle}}!{{/subtitle}}</p>")
        ])
        let post = CheckPost(
            title: "Tea & <cake>", isDraft: false, author: CheckAuthor(name: "Zoë"), tags: [CheckTag(label: "a"), CheckTag(label: "b")],
            subtitle: nil)
        #expect(library.render("Posts/Post", post).description == "<p>Tea &amp; &lt;cake&gt; by Zoë #a #b!</p>")
    }
}
