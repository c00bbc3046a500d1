import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Excerpts are cut by scalars, never leave half a character that fits, and cost no more than
/// their length on huge input.
@Suite("Text excerpts")
struct TextExcerptTests {
    @Test("short text is kept as is; long text is cut to the budget with an ellipsis")
    func cutsByScalars() {
        #expect(TextExcerpt.cut("hello", maxScalars: 5) == "hello")
        #expect(TextExcerpt.cut("hello!", maxScalars: 5) == "hell…")
        #expect(TextExcerpt.cut("héllo wörld", maxScalars: 6) == "héllo…")
    }

    @Test("a character that would be split is dropped whole: emoji sequences, flags, accents")
    func neverSplitsACharacter() {
        let family = "👨‍👩‍👧‍👦"  // 7 scalars
        #expect(TextExcerpt.cut("ab" + family + "cd", maxScalars: 6) == "ab…")
        #expect(TextExcerpt.cut("🇫🇷🇩🇪🇮🇹", maxScalars: 4) == "🇫🇷…")
        #expect(TextExcerpt.cut("e\u{301}e\u{301}e\u{301}", maxScalars: 4) == "e\u{301}…")
    }

    @Test("a one-line excerpt turns each run of line breaks into one space and drops breaks at the ends")
    func oneLine() {
        #expect(TextExcerpt.line("\n\nTitle.\r\n\r\nA body\u{2028}line\n", maxScalars: 160) == "Title. A body line")
        #expect(TextExcerpt.line("ab\n\ncd", maxScalars: 4) == "ab …")
        #expect(TextExcerpt.line("e\u{301}e\u{301}\ne\u{301}", maxScalars: 4) == "e\u{301}…")
        let huge = String(repeating: "line\n", count: 200_000)
        let excerpt = TextExcerpt.line(huge, maxScalars: 12)
        #expect(excerpt == "line line l…")
    }

    @Test("plain ASCII takes a shortcut that cuts exactly where the scalar-by-scalar path does")
    func asciiShortcutAgrees() {
        let pieces = ["a", "b", " ", ".", "\n", "\r\n", "é", "e\u{301}", "👍", "\u{2028}", "\t"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...24)).map { _ in
                Bool.random() ? "word" : pieces.randomElement()!
            }.joined()
            for limit in [2, 3, 8, 20, 40] {
                #expect(TextExcerpt.line(text, maxScalars: limit) == TextExcerpt.scalarLine(text, maxScalars: limit), "\(text.debugDescription) at \(limit)")
            }
        }
        #expect(TextExcerpt.line("abcdef", maxScalars: 6) == "abcdef")
        #expect(TextExcerpt.line("abcdefg", maxScalars: 6) == "abcde…")
    }

    @Test("one 'character' of a million marks is cut to the budget")
    func cutsMonsterCharacters() {
        let monster = "a" + String(repeating: "\u{301}", count: 1_000_000)
        let excerpt = TextExcerpt.cut(monster, maxScalars: 80)
        #expect(excerpt.unicodeScalars.count == 80)
        #expect(excerpt.hasSuffix("…"))
    }

    @Test("field limits count scalars and bytes, not characters, and cap marks per character")
    func fieldLimits() {
        let field = TextField("t", maxScalars: 5, maxBytes: 8, maxMarksPerCharacter: 2)
        #expect(field.check("  abc  ") == FieldValue(value: "abc", problem: nil))
        #expect(field.check("e\u{301}e\u{301}e").problem == nil)  // 5 scalars, 7 bytes
        #expect(field.check("e\u{301}e\u{301}e\u{301}").problem != nil)  // 6 scalars
        #expect(field.check("日本語").problem != nil)  // 9 bytes
        #expect(field.check("a\u{301}\u{302}\u{303}").problem != nil)  // 3 marks
        #expect(field.check("a\nb").problem == "Keep this to one line.")
        #expect(TextField("t", maxScalars: 5, lines: .multiple).check("a\nb").problem == nil)
        #expect(TextField("t", minScalars: 3, maxScalars: 5).check("ab").problem == "Use at least 3 characters.")
        #expect(TextField("t", maxScalars: 5, trimsWhitespace: false).check(" a ").value == " a ")
    }
}

/// Paragraphs are split at blank lines as browsers send them, trimmed, empty ones dropped.
@Suite("Text paragraphs")
struct TextParagraphsTests {
    @Test("blank lines split paragraphs, with \\n or \\r\\n line ends; each is trimmed; empty ones are dropped")
    func splitsAtBlankLines() {
        #expect(TextParagraphs.split("One.\n\nTwo\nlines.\r\n\r\n  Three.  \n\n\n\n") == ["One.", "Two\nlines.", "Three."])
        #expect(TextParagraphs.split("\u{00A0}é\u{301} <b>\u{2003}") == ["é\u{301} <b>"])
        #expect(TextParagraphs.split(" \n\n \r\n") == [])
        #expect(TextParagraphs.split("a\n\n\nb") == ["a", "b"])
    }
}
