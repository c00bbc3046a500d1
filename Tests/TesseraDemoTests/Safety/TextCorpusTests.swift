import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// A corpus of texts people paste — every control character in three places, random Unicode
/// from pieces that break naive code, over-long and mark-laden text, line breaks in one-line
/// fields — posted into each of the demo's text forms (a draft's title and text, a comment, a
/// message). Every answer is a saved post or a 400 that shows the form again, its field marked
/// and the text kept (without its control characters); never a bare error page.
@Suite("Text corpus")
struct TextCorpusTests {
    typealias Support = MessagingTestSupport

    /// The corpus, in a fixed order.
    static let corpus: [String] = {
        var texts: [String] = []
        let controls = (0x00..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) } + [0x7F]
        for code in controls {
            let control = String(UnicodeScalar(UInt8(code)))
            texts += ["Before\(control)after", "\(control)At the start", "At the end\(control)"]
        }
        var generator = TextRoundTripTests.TextGenerator(state: 0x514C_0A95)
        for index in 0..<300 { texts.append(generator.text(maxPieces: 30, lines: index.isMultiple(of: 2))) }
        texts += [
            String(repeating: "x", count: 121), String(repeating: "😀", count: 121), String(repeating: "y", count: 2001),
            "a" + String(repeating: "\u{301}", count: 15), "a" + String(repeating: "\u{301}", count: 16),
            "Two\nlines", "Two\r\nlines", "Two\rlines", "", "   ", "\u{200B}\u{200B}", "\u{202E}reversed", "<script>alert(1)</script>",
            "{{title}}", "&amp; &lt;", "Tab\there", "\n\nLeading lines", "Trailing lines\n\n", "\u{FEFF}BOM first", "Line\u{2028}separator",
            "Next\u{85}line", "Form\u{0C}feed\u{0C}twice", "Null\u{0}and\u{1}SOH", String(repeating: "\u{0C}", count: 3),
        ]
        return texts
    }()

    /// `text` as its form shows it again: line endings LF, control characters (not tabs or line
    /// breaks) taken out.
    static func kept(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in TextRoundTripTests.linesNormalised(text).unicodeScalars
        where !((scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F) {
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether `shown` is `kept`, or — a flood far over the field's `limit` — its first twice
    /// `limit` scalars (``TextField/check(_:)`` sends no more back).
    static func isKept(_ shown: String?, _ kept: String, limit: Int) -> Bool {
        guard let shown else { return false }
        return shown == kept || (kept.unicodeScalars.count > 2 * limit && shown.unicodeScalars.elementsEqual(kept.unicodeScalars.prefix(2 * limit)))
    }

    /// The text area's text as a browser reads it (without the one newline after the tag).
    static func areaText(_ element: HTMLElement?) -> String? {
        guard let raw = element?.rawText else { return nil }
        return raw.hasPrefix("\n") ? String(raw.dropFirst()) : raw
    }

    @Test("every refusal of the corpus, in every text form, shows the form again with the text kept")
    func refusalsKeepTheText() async throws {
        let site = try await TestSite()
        let refusals = try await site.test { client in
            var refusals = 0
            let session = try await client.signIn()
            for (index, text) in Self.corpus.enumerated() {
                let context = "case \(index) \(text.debugDescription)"
                // A draft's text, and its title.
                for (title, body) in [("Corpus \(index)", text), (text, "Body \(index)")] {
                    let response = try await client.post("/drafts/new", [("title", title), ("body", body)], as: session)
                    guard response.status != .seeOther else { continue }
                    refusals += 1
                    #expect(response.status == .badRequest, "draft \(context) → \(response.status)")
                    #expect(response.select(".error-summary li a").count >= 1, "draft \(context): a summary")
                    #expect(Self.areaText(response.select("textarea#draft-body").first) == Self.kept(body), "draft \(context)")
                    let shownTitle = response.select("input#draft-title").first?[attribute: "value"]
                    #expect(Self.isKept(shownTitle, Self.kept(title.trimmingCharacters(in: .whitespacesAndNewlines)), limit: Draft.titleField.maxScalars), "draft title \(context)")
                }
                // A comment.
                let comment = try await client.post("/blogs/71/comments", [("text", text)], as: session)
                if comment.status != .seeOther {
                    refusals += 1
                    #expect(comment.status == .badRequest, "comment \(context) → \(comment.status)")
                    #expect(comment.select("#comment-text[aria-invalid=true]").count == 1, "comment \(context): marked")
                    #expect(Self.areaText(comment.select("textarea#comment-text").first) == Self.kept(text), "comment \(context)")
                }
                // A message (multipart, as its form is).
                let message = try await Support.postMultipart(client, "/messages/1", fields: [("text", text)], as: session)
                if message.status != .seeOther {
                    refusals += 1
                    #expect(message.status == .badRequest, "message \(context) → \(message.status)")
                    #expect(message.select("#composer-text[aria-invalid=true]").count == 1, "message \(context): marked")
                    #expect(Self.areaText(message.select("textarea#composer-text").first) == Self.kept(text).trimmingCharacters(in: .whitespacesAndNewlines)
                        || Self.areaText(message.select("textarea#composer-text").first) == Self.kept(text), "message \(context)")
                }
            }
            return refusals
        }
        #expect(refusals > 100, "the corpus is refused somewhere: \(refusals) refusals")
        if ProcessInfo.processInfo.environment["TESSERA_CORPUS_REPORT"] != nil {
            let c0 = Self.corpus.filter { $0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" } }.count
            print("corpus: \(Self.corpus.count) texts, \(Self.corpus.count * 4) posts, \(refusals) refused, all with the form; \(c0) texts hold a C0 control")
        }
    }
}
