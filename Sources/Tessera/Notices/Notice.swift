// MARK: - Notice

/// A one-time message about what an action did ("Saved.", "Moved to the trash"), optionally with
/// an Undo button, returned with the action's result (``ActionResult/withNotice(_:)``).
///
/// Tessera delivers it where the visitor will see it, once:
/// - after a plain form post (no script) or a redirect, on the next page the browser loads: it is
///   kept in the database against the member's session, or a visitor's `tessera_notice` cookie
///   (a random id; the table holds only hashes), and taken, so a reload or a second tab does not
///   show it again;
/// - to the client script, in place: the response carries the `Tessera/Notice` region
///   (`id="tessera-notice"`), which replaces the one in the layout.
///
/// Layouts show it with `{{> Tessera/Notice}}` (Tessera's own layout does), which reads
/// `message`, `undoURL` and `undoBack`.
@TemplateModel
public struct Notice: Sendable, Equatable {
    /// What happened, in a sentence.
    package var message: String
    /// Where the Undo button posts, or nil for no button.
    package var undoURL: String?
    /// Where undoing goes afterwards (a same-site path), sent as the `back` field.
    package var undoBack: String?

    /// A notice saying `message`, with an Undo button posting to `undoURL` (default none) and
    /// `undoBack` as its `back` field.
    public init(_ message: String, undoURL: String? = nil, undoBack: String? = nil) {
        self.message = message
        self.undoURL = undoURL
        self.undoBack = undoBack
    }
}
