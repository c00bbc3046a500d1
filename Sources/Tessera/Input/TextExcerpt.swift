// MARK: - TextExcerpt

/// Short excerpts of long text for lists and previews, cut by Unicode scalars (so a "character"
/// made of a million combining marks is cut too) and never in the middle of a character that
/// fits: a cut that would split a character drops it whole.
public enum TextExcerpt {
    /// `text` when it has at most `maxScalars` scalars; otherwise its first whole characters
    /// within `maxScalars - 1` scalars followed by "…". The work is proportional to `maxScalars`,
    /// not to the length of `text`.
    public static func cut(_ text: String, maxScalars: Int) -> String {
        precondition(maxScalars >= 2, "an excerpt needs room for a character and the ellipsis")
        var scalars = text.unicodeScalars.makeIterator()
        var window: [Unicode.Scalar] = []
        while window.count <= maxScalars, let scalar = scalars.next() { window.append(scalar) }
        guard window.count > maxScalars else { return text }
        let budget = maxScalars - 1
        var kept = string(window.prefix(budget))
        // If the next scalar joins the last kept character, that character was cut: drop it.
        let withNext = string(window.prefix(budget + 1))
        if withNext.count == kept.count, kept.count > 1 { kept.removeLast() }
        return kept + "…"
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
