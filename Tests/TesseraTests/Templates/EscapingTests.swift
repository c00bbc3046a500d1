import TesseraTestSupport
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Escaping by context, per byte: hostile strings in text, attributes and URLs.
@Suite("Escaping by context")
struct EscapingTests {
    private func render(_ template: String, _ model: [String: TemplateValue]) throws -> String {
        let library = try TemplateLibrary(sources: [TemplateSource(name: "t", text: template)])
        return library.render("t", model).description
    }

    @Test("text escapes the five HTML specials")
    func textEscapesSpecials() throws {
        #expect(try render("<p>{{v}}</p>", ["v": "<script>alert('x') & \"y\"</script>"])
            == "<p>&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;</p>")
    }

    @Test("a quote followed by a combining mark is still escaped")
    func combiningMarkAfterQuote() throws {
        // "\u{0301}" combines with the quote into one Character; escaping per byte still sees it.
        let hostile = "\"\u{0301} onmouseover=alert(1) x=\"\u{0301}"
        let html = try render("<a title=\"{{v}}\">x</a>", ["v": .string(hostile)])
        let expected = "<a title=\"&quot;\u{0301} onmouseover=alert(1) x=&quot;\u{0301}\">x</a>"
        let quoteWithMark = "\"\u{0301}"
        #expect(html == expected)
        #expect(!html.contains(quoteWithMark))
    }

    @Test("multi-byte text passes through unchanged")
    func unicodePassesThrough() throws {
        let text = "フレームワークのベンチマーク 🇫🇷 e\u{0301} \u{202E}rtl \u{FEFF}"
        #expect(try render("<p>{{v}}</p>", ["v": .string(text)]) == "<p>\(text)</p>")
    }

    @Test("triple mustache never writes a model's string raw")
    func tripleEscapesStrings() throws {
        #expect(try render("<div>{{{v}}}{{&v}}</div>", ["v": "<b>"]) == "<div>&lt;b&gt;&lt;b&gt;</div>")
    }

    @Test("Tessera-rendered HTML is written as is in text, escaped in attributes")
    func renderedHTML() throws {
        let inner = try TemplateLibrary(sources: [TemplateSource(name: "i", text: "<b>{{x}}</b>")]).render("i", ["x": "&"])
        #expect(try render("<div title=\"{{h}}\">{{h}}</div>", ["h": .html(inner)])
            == "<div title=\"&lt;b&gt;&amp;amp;&lt;/b&gt;\"><b>&amp;</b></div>")
    }

    @Test("markup passed through the unsafeUnescaped escape hatch is written as is in text, still escaped in attributes")
    func unsafeUnescapedHatch() throws {
        let trusted = HTML.unsafeUnescaped("<em>trusted</em>")
        #expect(try render("<p title=\"{{h}}\">{{h}}</p>", ["h": .html(trusted)])
            == "<p title=\"&lt;em&gt;trusted&lt;/em&gt;\"><em>trusted</em></p>")
    }

    @Test("an app's own fragment can only write escaped text: a script tag it writes arrives as text")
    func appFragmentWritesEscaped() throws {
        struct Shout: HTMLFragment {
            func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
                writer.writeEscaped("<script>alert(1)</script>")
                writer.write(42)
            }
        }
        #expect(try render("<p>{{f}}</p>", ["f": .fragment(Shout())]) == "<p>&lt;script&gt;alert(1)&lt;/script&gt;42</p>")
    }

    @Test("URL attributes refuse dangerous schemes", arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "\u{1}javascript:alert(1)",
        "java\tscript:alert(1)", "jav\nascript:alert(1)", "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox", "feed:javascript:alert(1)", "javascript\u{0}:alert(1)",
    ])
    func dangerousSchemes(_ url: String) throws {
        #expect(try render("<a href=\"{{u}}\">x</a>", ["u": .string(url)]) == "<a href=\"about:invalid#tessera-unsafe-url\">x</a>")
        #expect(try render("<img src='{{u}}' alt=\"\">", ["u": .string(url)]) == "<img src='about:invalid#tessera-unsafe-url' alt=\"\">")
    }

    @Test("URL attributes keep safe URLs, escaped", arguments: [
        ("https://example.com/?a=1&b=2", "https://example.com/?a=1&amp;b=2"),
        ("http://x.test/\"onmouseover", "http://x.test/&quot;onmouseover"),
        ("mailto:demo@example.com", "mailto:demo@example.com"),
        ("/users/1?page=2#top", "/users/1?page=2#top"),
        ("relative/path", "relative/path"),
        ("?q=javascript:alert(1)", "?q=javascript:alert(1)"),
        // An entity is not decoded by us, and its `&` is escaped, so the browser sees it literally.
        ("javascript&#58;alert(1)", "javascript&amp;#58;alert(1)"),
    ])
    func safeURLs(_ pair: (String, String)) throws {
        #expect(try render("<a href=\"{{u}}\">x</a>", ["u": .string(pair.0)]) == "<a href=\"\(pair.1)\">x</a>")
    }

    @Test("a value after a path in a URL attribute is only escaped")
    func valueAfterPath() throws {
        #expect(try render("<a href=\"/search?q={{q}}\">x</a>", ["q": "javascript:x\"<"])
            == "<a href=\"/search?q=javascript:x&quot;&lt;\">x</a>")
    }

    @Test("integers and booleans are written plainly")
    func scalars() throws {
        #expect(try render("<p>{{a}} {{b}} {{c}} {{d}}</p>", ["a": 0, "b": -9_223_372_036_854_775_807, "c": 42, "d": true])
            == "<p>0 -9223372036854775807 42 true</p>")
        var writer = HTMLWriter()
        writer.write(Int.min)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\(Int.min)")
    }

    @Test("NUL becomes U+FFFD")
    func nulIsReplaced() throws {
        #expect(try render("<p>{{v}}</p>", ["v": "a\u{0}b"]) == "<p>a\u{FFFD}b</p>")
    }

    @Test("naughty strings never produce markup", arguments: NaughtyStrings.list)
    func naughtyStrings(_ hostile: String) throws {
        let html = try render("<p title=\"{{v}}\">{{v}}</p><a href=\"{{v}}\">l</a>", ["v": .string(hostile)])
        let body = html.utf8.filter { $0 == UInt8(ascii: "<") }.count
        #expect(body == 4, "only the template's own tags open: \(html)")
        #expect(html.utf8.filter { $0 == UInt8(ascii: "\"") }.count == 4, "only the template's own quotes")
        #expect(!html.contains("href=\"javascript"), "no script URL")
    }
}
