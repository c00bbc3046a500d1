import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Fixtures

/// A post form's fields, as an app declares them.
enum PostField: String, CaseIterable, Sendable {
    case title, body
}

/// A form's model: what was typed and its errors.
struct PostFormModel: TemplateModel {
    let title: String
    let errors: FormErrors<PostField>
    static let templateKeys: [TemplateKey<Self>] = [
        TemplateKey("title") { $0.title },
        TemplateKey("errors") { $0.errors },
    ]
}

// MARK: - Tests

/// One validation-error model for every form: messages keyed by the form's field enum, a
/// form-level message, and template keys made from the enum's cases and checked at start-up.
@Suite("Form errors")
struct FormErrorsTests {
    static let form = """
        {{#errors.form}}<p class="form-error" role="alert">{{errors.form}}</p>{{/errors.form}}
        <input id="title" name="title" value="{{title}}"{{#errors.title}} aria-invalid="true" aria-describedby="title-error"{{/errors.title}}>
        {{#errors.title}}<p class="field-error" id="title-error">{{errors.title}}</p>{{/errors.title}}
        <textarea id="body" name="body"{{#errors.body}} aria-invalid="true" aria-describedby="body-error"{{/errors.body}}></textarea>
        {{#errors.body}}<p class="field-error" id="body-error">{{errors.body}}</p>{{/errors.body}}
        """

    func render(_ model: PostFormModel) throws -> String {
        let library = try TemplateLibrary(sources: [TemplateSource(name: "Posts/Form", text: Self.form)])
        return library.render("Posts/Form", model).description
    }

    /// The errors and warnings of checking `text` against `PostFormModel`.
    func check(_ text: String) throws -> [String] {
        let library = try TemplateLibrary(sources: [
            TemplateSource(name: "Posts/Form", text: text, displayPath: "Views/Posts/Form.mustache")
        ])
        var checker = TemplateChecker(library: library, globals: Site.builtInGlobalKeys)
        checker.check(template: "Posts/Form", model: PostFormModel.self, owner: "PostFormComponent")
        return checker.errors.map(\.description)
    }

    @Test("an error keyed by field renders at its field, with aria-invalid and aria-describedby, and nowhere else")
    func fieldErrorRendersAtItsField() throws {
        var errors = FormErrors<PostField>()
        errors[.body] = "Write something <first>."
        let html = try render(PostFormModel(title: "Kept “as typed” <b>", errors: errors))
        #expect(html.contains(#"<textarea id="body" name="body" aria-invalid="true" aria-describedby="body-error"></textarea>"#))
        #expect(html.contains(#"<p class="field-error" id="body-error">Write something &lt;first&gt;.</p>"#))
        #expect(html.contains(#"<input id="title" name="title" value="Kept “as typed” &lt;b&gt;">"#), "the title has no error")
        #expect(!html.contains("title-error"))
        #expect(!html.contains("form-error"), "no summary was given and no form-level message set")
    }

    @Test("the summary shows as the form-level message only while some field has an error")
    func summaryShowsWithFieldErrors() throws {
        var errors = FormErrors<PostField>(summary: "Please fix the marked fields.")
        #expect(try !render(PostFormModel(title: "", errors: errors)).contains("form-error"))
        errors[.title] = "Give the post a title."
        let html = try render(PostFormModel(title: "", errors: errors))
        #expect(html.contains(#"<p class="form-error" role="alert">Please fix the marked fields.</p>"#))
        #expect(html.contains(#"<p class="field-error" id="title-error">Give the post a title.</p>"#))
        errors[.title] = nil
        #expect(errors.isEmpty)
    }

    @Test("a form-level message renders without marking any field")
    func formLevelMessageRenders() throws {
        var errors = FormErrors<PostField>(summary: "Please fix the marked fields.")
        errors.message = "That username and password do not match."
        #expect(!errors.isEmpty)
        let html = try render(PostFormModel(title: "ada", errors: errors))
        #expect(html.contains(#"<p class="form-error" role="alert">That username and password do not match.</p>"#))
        #expect(!html.contains("aria-invalid"))
        #expect(!html.contains("field-error"))
    }

    @Test("the template keys are the field enum's cases and the form-level key")
    func keysComeFromTheFieldEnum() {
        #expect(FormErrors<PostField>.templateKeys.map(\.name) == ["title", "body", "form"])
        let errors = FormErrors<PostField>([.title: "Too long."])
        #expect(errors.value(forKey: "title").map { if case .string("Too long.") = $0 { true } else { false } } == true)
        #expect(errors.value(forKey: "body").map { if case .null = $0 { true } else { false } } == true)
        #expect(errors.value(forKey: "titel") == nil, "an unknown name is not answered: the lookup goes on outwards")
    }

    @Test("a misspelt field in {{#errors.x}} fails the template check at its line and column, naming the model")
    func misspeltFieldFailsTheCheck() throws {
        #expect(try check(Self.form).isEmpty)
        let misspelt = try check("<p>{{title}}</p>\n<p>{{#errors.titel}}{{errors.titel}}{{/errors.titel}}</p>")
        #expect(
            misspelt.first
                == "Views/Posts/Form.mustache:2:4: key 'errors.titel': 'titel' is not provided by FormErrors<TesseraTests.PostField> (PostFormComponent)")
        #expect(misspelt.allSatisfy { $0.contains("'titel' is not provided by FormErrors") })
    }

    @Test("merging keeps the later message per field and the first form-level message")
    func mergingPrefersTheLaterFieldMessage() {
        var first = FormErrors<PostField>([.title: "Too long.", .body: "Empty."])
        first.message = "First."
        var second = FormErrors<PostField>([.title: "Has a line break."])
        second.message = "Second."
        first.merge(second)
        #expect(first[.title] == "Has a line break.")
        #expect(first[.body] == "Empty.")
        #expect(first.message == "First.")
        first.removeAll()
        #expect(first.isEmpty)
    }
}
