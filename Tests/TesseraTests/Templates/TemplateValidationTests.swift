import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Broken templates, each refused with its exact `file:line:col`.
@Suite("Template validation")
struct TemplateValidationTests {
    /// Compiles `text` as `Views/Broken.mustache` (plus any partials) and returns its diagnostics.
    private func diagnostics(_ text: String, partials: [String: String] = [:]) -> [String] {
        var sources = [TemplateSource(name: "Broken", text: text, displayPath: "Views/Broken.mustache")]
        for (name, body) in partials { sources.append(TemplateSource(name: name, text: body, displayPath: "Views/\(name).mustache")) }
        do {
            _ = try TemplateLibrary(sources: sources)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("mismatched end tag points at the end tag")
    func mismatchedEndTag() {
        #expect(diagnostics("<div>\n  <span>text</div>") == [
            "Views/Broken.mustache:2:13: </div> does not match <span> opened at 2:3"
        ])
    }

    @Test("unclosed element points at its start tag")
    func unclosedElement() {
        #expect(diagnostics("<main>\n  <section>\n    <p>hi</p>\n</main>\n<div>") == [
            "Views/Broken.mustache:4:1: </main> does not match <section> opened at 2:3",
            "Views/Broken.mustache:5:1: <div> is never closed",
        ])
    }

    @Test("a block inside a list or a table row, where a browser would move it out, is refused at its tag")
    func blockInsideListOrRow() {
        #expect(diagnostics("<ul>{{^items}}<p>No items.</p>{{/items}}{{#items}}<li>{{.}}</li>{{/items}}</ul>") == [
            "Views/Broken.mustache:1:15: <p> cannot stand inside <ul>, which holds only <li>, <script>, <template>"
        ])
        #expect(diagnostics("<table>\n<tr><div>{{x}}</div></tr>\n</table>") == [
            "Views/Broken.mustache:2:5: <div> cannot stand inside <tr>, which holds only <script>, <td>, <template>, <th>"
        ])
        #expect(diagnostics("<ul>{{#items}}<li><p>{{.}}</p></li>{{/items}}</ul><ol>{{items}}</ol>") == [])
        #expect(diagnostics("<table><thead><tr><th>a</th></tr></thead><tbody>{{#rows}}<tr><td>{{.}}</td>{{/rows}}</tbody></table>") == [])
        #expect(diagnostics("<select name=\"a\"><option>a<option>b</select><dl><dt>a</dt><dd>b</dd></dl>") == [])
    }

    @Test("end tag with nothing open is reported once")
    func strayEndTag() {
        #expect(diagnostics("<p>a</p>\n</span>") == ["Views/Broken.mustache:2:1: </span> closes an element that is not open"])
    }

    @Test("unbalanced sections name the section and where it opened")
    func unbalancedSections() {
        #expect(diagnostics("<ul>{{#items}}\n<li>{{name}}</li>\n</ul>") == [
            "Views/Broken.mustache:1:5: section 'items' is never closed"
        ])
        #expect(diagnostics("{{#a}}\n  {{#b}}x{{/a}}{{/b}}") == [
            "Views/Broken.mustache:2:10: '{{/a}}' does not close 'b' opened at 2:3"
        ])
        #expect(diagnostics("<p>x</p>{{/a}}") == ["Views/Broken.mustache:1:9: '{{/a}}' closes a section that was never opened"])
    }

    @Test("a missing partial is refused where it is included")
    func missingPartial() {
        #expect(diagnostics("<div>\n  {{> Shared/Nowhere}}\n</div>") == [
            "Views/Broken.mustache:2:3: partial 'Shared/Nowhere' does not exist"
        ])
        #expect(diagnostics("<div>{{> Shared/Here}}</div>", partials: ["Shared/Here": "<b>ok</b>"]).isEmpty)
    }

    @Test("a value in an unquoted attribute is refused")
    func unquotedAttribute() {
        #expect(diagnostics("<a href=\"/\" class={{style}}>x</a>") == [
            "Views/Broken.mustache:1:19: a value cannot stand in an unquoted attribute value; put the value in quotes"
        ])
        #expect(diagnostics("<input value=x{{v}}>") == [
            "Views/Broken.mustache:1:15: a value cannot stand in an unquoted attribute value; put the value in quotes"
        ])
    }

    @Test("a value inside script or style is refused")
    func scriptAndStyle() {
        #expect(diagnostics("<p>ok</p>\n<script>\n  var user = \"{{name}}\";\n</script>") == [
            "Views/Broken.mustache:3:15: a value cannot stand inside <script>; pass data through a data- attribute instead"
        ])
        #expect(diagnostics("<style>p { color: {{color}}; }</style>") == [
            "Views/Broken.mustache:1:19: a value cannot stand inside <style>; pass data through a data- attribute instead"
        ])
    }

    @Test("a value in an element or attribute name is refused")
    func names() {
        #expect(diagnostics("<{{tag}}>x</{{tag}}>").first == "Views/Broken.mustache:1:2: a value cannot stand in an element or attribute name")
        #expect(diagnostics("<div {{attribute}}=\"1\">x</div>") == [
            "Views/Broken.mustache:1:6: a value cannot stand in an element or attribute name"
        ])
    }

    @Test("a value in an event handler or style attribute is refused")
    func scriptAttributes() {
        #expect(diagnostics("<button onclick=\"go('{{id}}')\">x</button>") == [
            "Views/Broken.mustache:1:22: a value cannot stand in an event-handler attribute (onclick); JavaScript is not escaped"
        ])
        #expect(diagnostics("<p style=\"color: {{c}}\">x</p>") == [
            "Views/Broken.mustache:1:18: a value cannot stand in a style attribute; CSS is not escaped"
        ])
    }

    @Test("libxml2 errors keep their line and column")
    func libxmlErrors() {
        #expect(diagnostics("<p>\n  fish & chips\n</p>") == ["Views/Broken.mustache:2:9: htmlParseEntityRef: no name"])
        #expect(diagnostics("<a href=\"x\" href=\"y\">x</a>") == ["Views/Broken.mustache:1:21: Attribute href redefined"])
    }

    @Test("HTML5 elements are not errors")
    func html5Elements() {
        let page = "<!DOCTYPE html>\n<html><head><title>t</title></head>\n<body><header><nav></nav></header><main><section><article>"
            + "<figure><figcaption>c</figcaption></figure></article></section></main><footer></footer></body></html>"
        #expect(diagnostics(page).isEmpty)
    }

    @Test("masked tags keep columns after multi-byte text")
    func columnsCountScalars() {
        #expect(diagnostics("<p>フレーム</p><b>{{x}}</i>") == [
            "Views/Broken.mustache:1:12: <b> is never closed",
            "Views/Broken.mustache:1:20: </i> closes an element that is not open",
        ])
    }

    @Test("every error of every file is reported, sorted")
    func allErrors() {
        let found = diagnostics("<div>", partials: ["A": "<span>", "B": "{{#x}}"])
        #expect(found == [
            "Views/A.mustache:1:1: <span> is never closed",
            "Views/B.mustache:1:1: section 'x' is never closed",
            "Views/Broken.mustache:1:1: <div> is never closed",
        ])
    }

    @Test("loading a directory names files under the directory's name")
    func loadsDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-views-\(UUID().uuidString)/Views")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Users"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try "<section>\n  <div>{{name}}</section>\n".write(to: root.appendingPathComponent("Users/List.mustache"), atomically: true, encoding: .utf8)
        try "<p>{{> Users/List}}</p>\n".write(to: root.appendingPathComponent("Page.mustache"), atomically: true, encoding: .utf8)
        let error = #expect(throws: TemplateErrors.self) { try TemplateLibrary.load(directory: root) }
        #expect(error?.description == "Views/Users/List.mustache:2:16: </section> does not match <div> opened at 2:3")
    }
}
