import Foundation

// MARK: - FormTokenCheck

/// Finds forms that post without a CSRF token: every `<form method="post">` must hold
/// `{{> Tessera/FormTokens}}` (or `{{> Tessera/CSRFField}}`), or an input named `_csrf` beside a `{{csrfToken}}`, before its
/// `</form>` (partials it includes count, a few levels deep). Without one, every submission would
/// be refused with a `403` in the browser; the check makes it a start-up and `validate` error at
/// the form's `file:line:col`.
struct FormTokenCheck {
    /// Every source of the library, by name (partials are read from here).
    let sources: [String: TemplateSource]

    /// One diagnostic per post form without a token, in `sources`' order of names.
    func diagnostics() -> [TemplateDiagnostic] {
        var found: [TemplateDiagnostic] = []
        for name in sources.keys.sorted() {
            guard let source = sources[name], !source.isPlainText else { continue }
            let text = String(decoding: source.bytes, as: UTF8.self)
            let locator = SourceLocator(file: source.displayPath, bytes: source.bytes)
            for form in Self.postForms(in: text) where !carriesToken(form.body, depth: 0) {
                found.append(locator.diagnostic(at: form.offset, Self.message))
            }
        }
        return found
    }

    /// The error's text.
    static let message =
        "this form posts without a CSRF token, so the browser's submissions would be refused (403): put {{> Tessera/FormTokens}} inside it"

    // MARK: - Scanning

    /// Each `<form … method="post" …>` of `text`: the byte offset of its `<` and the text up to
    /// its `</form>` (or the end).
    static func postForms(in text: String) -> [(offset: Int, body: Substring)] {
        var forms: [(Int, Substring)] = []
        var rest = text[...]
        while let start = rest.range(of: "<form", options: .caseInsensitive) {
            guard let next = text[start.upperBound...].first, next == ">" || next == "/" || next.isWhitespace else {
                rest = text[start.upperBound...]
                continue
            }
            let tagEnd = endOfTag(text, from: start.upperBound)
            let attributes = text[start.upperBound..<tagEnd]
            let bodyStart = tagEnd < text.endIndex ? text.index(after: tagEnd) : tagEnd
            let close = text.range(of: "</form", options: .caseInsensitive, range: bodyStart..<text.endIndex)
            if isPost(attributes) {
                forms.append((text.utf8.distance(from: text.startIndex, to: start.lowerBound), text[bodyStart..<(close?.lowerBound ?? text.endIndex)]))
            }
            rest = text[(close?.upperBound ?? text.endIndex)...]
        }
        return forms
    }

    /// The index of the `>` ending the start tag begun before `index`, skipping `{{…}}` tags.
    private static func endOfTag(_ text: String, from index: String.Index) -> String.Index {
        var position = index
        while position < text.endIndex {
            if text[position...].hasPrefix("{{"), let close = text.range(of: "}}", range: position..<text.endIndex) {
                position = close.upperBound
                continue
            }
            if text[position] == ">" { return position }
            position = text.index(after: position)
        }
        return text.endIndex
    }

    /// Whether a start tag's attributes say `method="post"` (any case and quoting).
    private static func isPost(_ attributes: Substring) -> Bool {
        attributes.range(of: #"method\s*=\s*["']?post\b"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// Whether `body` (or a partial it includes, up to four levels) carries the token.
    private func carriesToken(_ body: Substring, depth: Int) -> Bool {
        if body.range(of: #"\{\{>\s*Tessera/(FormTokens|CSRFField)\s*\}\}"#, options: .regularExpression) != nil { return true }
        if body.range(of: #"name\s*=\s*["']?_csrf\b"#, options: [.regularExpression, .caseInsensitive]) != nil,
            body.range(of: #"\{\{\s*csrfToken\s*\}\}"#, options: .regularExpression) != nil
        {
            return true
        }
        guard depth < 4 else { return false }
        var rest = body
        while let tag = rest.range(of: #"\{\{>\s*[^}\s]+\s*\}\}"#, options: .regularExpression) {
            let name = rest[tag].dropFirst(3).dropLast(2).trimmingCharacters(in: .whitespaces)
            if let partial = sources[name], carriesToken(String(decoding: partial.bytes, as: UTF8.self)[...], depth: depth + 1) {
                return true
            }
            rest = rest[tag.upperBound...]
        }
        return false
    }
}
