import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A standalone partial is indented line by line, as the Mustache spec says, but for the lines
/// inside `<textarea>` and `<pre>`: their text is what the page shows, and stays as written.
@Suite("Partial indentation")
struct PartialIndentationTests {
    private func render(_ main: String, partial: String, _ model: [String: TemplateValue]) throws -> String {
        let library = try TemplateLibrary(sources: [TemplateSource(name: "main", text: main), TemplateSource(name: "box", text: partial)])
        return library.render("main", model).description
    }

    @Test("an indented partial holding a textarea keeps the textarea's text; its other lines are indented")
    func textAreaKeepsItsText() throws {
        let partial = "<label for=\"t\">Text</label>\n<textarea id=\"t\" name=\"t\">\n{{text}}\nlast line</textarea>\n<p>after</p>\n"
        let html = try render("<form>\n    {{> box}}\n</form>", partial: partial, ["text": "one\n  two"])
        #expect(html == "<form>\n    <label for=\"t\">Text</label>\n    <textarea id=\"t\" name=\"t\">\none\n  two\nlast line</textarea>\n    <p>after</p>\n</form>")
    }

    @Test("lines inside <pre> keep their indentation too, in any case of the tag")
    func preKeepsItsText() throws {
        let html = try render("<div>\n  {{> box}}\n</div>", partial: "<PRE>\nline one\nline two</PRE>\n<p>x</p>\n", [:])
        #expect(html == "<div>\n  <PRE>\nline one\nline two</PRE>\n  <p>x</p>\n</div>")
    }

    @Test("Tessera's field partial, placed indented on its own line, keeps a text area's text exactly")
    func fieldPartialKeepsText() throws {
        let library = try TemplateLibrary(sources: BuiltInTemplates.sources + [TemplateSource(name: "form", text: "<form>\n    {{#body}}\n    {{> Tessera/Field}}\n    {{/body}}\n</form>")])
        let field = FormField.textArea(TextField("body", maxScalars: 100, lines: .multiple), label: "Body", value: "\n  indented\nplain")
        let html = library.render("form", ["body": .object(field)]).description
        #expect(html.contains(">\n\n  indented\nplain</textarea>"), "\(html)")
    }
}
