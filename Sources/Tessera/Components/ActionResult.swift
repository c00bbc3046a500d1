// MARK: - ActionResult

/// What an action handler decided, and which other fragments of the page changed with it.
///
/// - `.done`: a plain form post gets a `303` back to the page; a fragment request gets the
///   updated fragment.
/// - `.redirect(to:)`: go elsewhere on this site (`303`, or an `X-Tessera-Redirect` header for
///   scripts); the target passes ``RedirectTarget/local(_:)``, and one that does not is replaced
///   by `/`.
/// - `.invalid`: the input was refused; the page (or fragment) is rendered again with status
///   400, showing the messages and the input the handler kept.
public struct ActionResult: Sendable, Equatable {
    /// The outcome.
    public enum Outcome: Sendable, Equatable {
        case done
        case redirect(String)
        case invalid
    }

    /// The outcome.
    public let outcome: Outcome
    /// Ids of other components of the page to send along, updated (view-update tags).
    public private(set) var updates: [String] = []
    /// A new session to store in the browser (after signing in or out), or nil.
    public private(set) var session: Session?

    /// The action succeeded; show the page (or fragment) again.
    public static let done = ActionResult(outcome: .done)
    /// The input was refused; render the form again with status 400.
    public static let invalid = ActionResult(outcome: .invalid)
    /// The action succeeded; go to `url`.
    public static func redirect(to url: String) -> ActionResult { ActionResult(outcome: .redirect(url)) }

    /// A copy that also replaces the browser's session cookie with `session`.
    public func replacingSession(with session: Session) -> ActionResult {
        var copy = self
        copy.session = session
        return copy
    }

    /// A copy that also sends the components with these ids, re-rendered, in the response.
    public func updating(_ ids: String...) -> ActionResult {
        var copy = self
        copy.updates += ids
        return copy
    }
}
