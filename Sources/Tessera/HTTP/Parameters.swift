import Foundation

// MARK: - Parameters

/// Named values from a route (`:id`), a query string or a form, with checked accessors that
/// turn bad input into a ``RequestError`` instead of a crash.
///
/// Every value is UTF-8 with LF line endings. A path or query value with a control character
/// (not a tab or a line break) is refused with a 400 before any code sees it; a form value
/// keeps it, so that ``field(_:)`` (``TextField/check(_:)``) refuses it beside its field with
/// the rest of the text kept. Read text through a ``TextField`` before keeping it.
public struct Parameters: Sendable {
    /// Where the values came from; decides the error for a bad value (404 for the path, 400
    /// otherwise).
    package enum Origin: Sendable {
        case path, query, form
    }

    /// The pairs, in the order given (a name may repeat).
    package var pairs: [(name: String, value: String)] {
        reads?.noteWholeQuery()
        return given
    }
    /// Where they came from.
    package let origin: Origin
    /// The pairs as given.
    private let given: [(name: String, value: String)]
    /// Where a live stream's render notes the names it read (nil for any other request).
    private let reads: RenderedReads?

    /// Parameters from decoded pairs.
    package init(_ pairs: [(String, String)], origin: Origin) {
        self.init(pairs, origin: origin, reads: nil)
    }

    /// Parameters from decoded pairs, noting in `reads` which names are read.
    init(_ pairs: [(String, String)], origin: Origin, reads: RenderedReads?) {
        given = pairs.map { (name: $0.0, value: $0.1) }
        self.origin = origin
        self.reads = reads
    }

    /// No parameters.
    package static let none = Parameters([], origin: .query)

    // MARK: - Access

    /// The first value named `name`, or nil.
    public subscript(name: String) -> String? {
        reads?.noteQuery(name)
        return given.first { $0.name == name }?.value
    }

    /// Every value named `name`.
    package func all(_ name: String) -> [String] {
        reads?.noteQuery(name)
        return given.filter { $0.name == name }.map(\.value)
    }

    /// An id: a positive decimal integer that fits in 64 bits. A path id that is missing,
    /// non-numeric, negative, zero or too large is a 404; elsewhere a 400.
    public func id(_ name: String) throws(RequestError) -> Int64 {
        guard let text = self[name], !text.isEmpty, text.utf8.count <= 19,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int64(text), value > 0
        else {
            throw origin == .path ? .notFound() : .badRequest("'\(name)' must be a positive whole number.")
        }
        return value
    }

    /// An integer in `range`, or `defaultValue` when absent (empty counts as absent). Anything
    /// else is a 400 (a 404 for path values).
    public func int(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(RequestError) -> Int {
        guard let text = self[name], !text.isEmpty else { return defaultValue }
        guard text.utf8.count <= 18, let value = Int(text), range.contains(value) else {
            let message = "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)."
            throw origin == .path ? .notFound() : .badRequest(message)
        }
        return value
    }

    /// The text field `field` read by its declared rules (length in scalars and bytes, marks per
    /// character, lines, trimming); absent counts as "". Check `.problem` and show the form again
    /// with `.value`, or call `.checked()` for a 400.
    public func field(_ field: TextField) -> FieldValue { field.check(self[field.name] ?? "") }

    /// The case of `type` sent as `name`, or nil when none was chosen (absent or empty). A value
    /// that is none of its cases (a forged form) is a 400.
    public func choice<Choice: FormChoosable>(_ name: String, as type: Choice.Type) throws(RequestError) -> Choice? {
        guard let raw = self[name], !raw.isEmpty else { return nil }
        guard let choice = Choice(rawValue: raw) else { throw .badRequest("'\(name)' is not one of the choices offered.") }
        return choice
    }

    /// The cases of `type` sent as `name` (checkboxes), in the order sent, each once. A value that
    /// is none of its cases is a 400.
    public func choices<Choice: FormChoosable>(_ name: String, as type: Choice.Type) throws(RequestError) -> [Choice] {
        var chosen: [Choice] = []
        for raw in all(name) {
            guard let choice = Choice(rawValue: raw) else { throw .badRequest("'\(name)' is not one of the choices offered.") }
            if !chosen.contains(where: { $0.rawValue == raw }) { chosen.append(choice) }
        }
        return chosen
    }

    /// Whether the checkbox `name` was checked (a checked box sends its value; an unchecked one
    /// sends nothing).
    public func isChecked(_ name: String) -> Bool { self[name] != nil }

    /// The text named `name` with surrounding whitespace trimmed; "" when absent. Prefer
    /// ``field(_:)``, which also enforces the field's limits.
    public func text(_ name: String) -> String {
        (self[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
