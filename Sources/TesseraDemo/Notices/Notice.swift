// MARK: - Notice

/// A one-time message shown at the top of the next page the member opens ("Moved to the
/// trash", "You are signed out"), optionally with an Undo button. It is kept against the
/// session, not in the URL, so no link or reload can show it again.
struct Notice: Sendable, Equatable {
    /// What happened, in a sentence.
    var message: String
    /// Where the Undo button posts, or nil for no button.
    var undoURL: String?
    /// Where undoing goes afterwards (a same-site path).
    var undoBack: String?

    /// A notice saying `message`, with an Undo button posting to `undoURL` when given.
    init(_ message: String, undoURL: String? = nil, undoBack: String? = nil) {
        self.message = message
        self.undoURL = undoURL
        self.undoBack = undoBack
    }
}
