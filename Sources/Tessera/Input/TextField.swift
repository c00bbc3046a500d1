// MARK: - TextField

/// A text field's rules, declared once next to the field and used both when the input is read
/// (``Parameters/field(_:)``) and by the template (`maxlength="{{…}}"` from `maxLength`).
///
/// Lengths are counted in Unicode scalars and in UTF-8 bytes (never in grapheme clusters, which
/// can hide any number of scalars), and each character may carry at most
/// `maxMarksPerCharacter` scalars after its first (combining marks, joiners, variation
/// selectors), which stops "one character" made of a million accents.
///
/// ```swift
/// static let title = TextField("title", maxScalars: 120)
/// let title = context.form.field(Self.title)   // .value as typed, .problem if refused
/// ```
public struct TextField: Sendable {
    /// Whether the field holds one line (an `<input>`) or several (a `<textarea>`).
    public enum Lines: Sendable {
        /// One line: a line break is refused.
        case single
        /// Several lines: LF allowed (CR and CRLF were already made LF by `InputText`).
        case multiple
    }

    /// The form or query name.
    package let name: String
    /// The fewest scalars (after trimming); default 0.
    package let minScalars: Int
    /// The most scalars; also the template's `maxlength`.
    public let maxScalars: Int
    /// The most UTF-8 bytes; default 4 × ``maxScalars``.
    public let maxBytes: Int
    /// The most scalars after the first in one character; default 15.
    package let maxMarksPerCharacter: Int
    /// One line or several; default ``Lines/single``.
    package let lines: Lines
    /// Whether surrounding whitespace is removed before checking; default `true` (passwords say
    /// `false`: they are taken as typed).
    package let trimsWhitespace: Bool

    /// A field named `name` with these rules (see the properties for the defaults).
    public init(
        _ name: String, minScalars: Int = 0, maxScalars: Int, maxBytes: Int? = nil, maxMarksPerCharacter: Int = 15,
        lines: Lines = .single, trimsWhitespace: Bool = true
    ) {
        precondition(minScalars >= 0 && maxScalars >= max(1, minScalars), "TextField \(name): bad length range")
        self.name = name
        self.minScalars = minScalars
        self.maxScalars = maxScalars
        self.maxBytes = maxBytes ?? 4 * maxScalars
        self.maxMarksPerCharacter = maxMarksPerCharacter
        self.lines = lines
        self.trimsWhitespace = trimsWhitespace
    }

    /// The value for a template's `maxlength` attribute: ``maxScalars`` (a browser counts UTF-16
    /// units, never fewer than scalars, so it never lets through more than the server takes).
    package var maxLength: TemplateValue { .int(maxScalars) }

    // MARK: - Checking

    /// `raw` checked against the rules: the value to keep (trimmed when the field trims) and the
    /// problem, if any, as a sentence for the person.
    ///
    /// A control character (a form feed pasted from a PDF, U+0001; not a tab or a line break) is
    /// refused with a message naming it, and the value kept without it. A value far over the
    /// limit (more than twice ``maxScalars``) is kept only up to twice the limit, so a flood is
    /// never sent back whole when the form is shown again.
    public func check(_ raw: String) -> FieldValue {
        if let control = InputText.firstControlCharacter(in: raw) {
            let kept = check(InputText.withoutControlCharacters(raw))
            let problem = "This contains \(InputText.name(of: control)), which cannot be kept. It has been taken out: "
                + "check the text and send it again."
            return FieldValue(value: kept.value, problem: problem)
        }
        let value = trimsWhitespace ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
        let problem = problem(in: value)
        guard problem != nil, value.unicodeScalars.count > 2 * maxScalars else { return FieldValue(value: value, problem: problem) }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: value.unicodeScalars.prefix(2 * maxScalars))
        return FieldValue(value: String(kept), problem: problem)
    }

    private func problem(in value: String) -> String? {
        let scalars = value.unicodeScalars.count
        if scalars > maxScalars {
            return "Keep this to \(maxScalars) characters or fewer (it has \(scalars))."
        }
        if value.utf8.count > maxBytes {
            return "This is too long to keep: it takes \(value.utf8.count) bytes and at most \(maxBytes) fit. "
                + "Accented letters and emoji take more room than plain letters."
        }
        if scalars < minScalars {
            return scalars == 0 ? "Fill this in." : "Use at least \(minScalars) characters."
        }
        if lines == .single, value.utf8.contains(0x0A) {
            return "Keep this to one line."
        }
        if value.contains(where: { $0.unicodeScalars.count > maxMarksPerCharacter + 1 }) {
            return "A character here carries more than \(maxMarksPerCharacter) accents or marks. Remove some and try again."
        }
        return nil
    }
}

// MARK: - FieldValue

/// A text field as read: the value (as typed, trimmed if the field trims) and why it was refused.
public struct FieldValue: Sendable, Equatable {
    /// The text to keep, or to show again in the form when refused (cut to twice the limit when
    /// far over it).
    public let value: String
    /// A sentence for the person when the value breaks the field's rules; nil when it is fine.
    public let problem: String?

    /// The value, or a 400 with the problem (for input with no form to show again).
    public func checked() throws(RequestError) -> String {
        if let problem { throw .badRequest(problem) }
        return value
    }
}
