// MARK: - ActionResult

/// What an action handler decided, and which fragments of the page changed with it.
///
/// The component whose action ran is rendered as its handler left it (it is not loaded again,
/// so nothing the handler produced is thrown away); the component types named with
/// ``updating(_:)`` are loaded again and sent along.
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
    /// The component types whose components are loaded again and sent along (view-update
    /// tags), in order. Types, not ids: a name that does not exist cannot compile.
    public private(set) var updates: [AnyComponent.Type] = []
    /// A new session to store in the browser (after signing in or out), or nil.
    public private(set) var session: Session?
    /// A one-time message for the visitor (``Notice``), or nil.
    public private(set) var notice: Notice?

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

    /// A copy that also shows `notice` once: in place for the client script, or on the next page
    /// after a plain form post (see ``Notice``).
    public func withNotice(_ notice: Notice) -> ActionResult {
        var copy = self
        copy.notice = notice
        return copy
    }

    /// A copy that also loads again and sends every component of these types the scene holds,
    /// in the response to a script (``SceneRunner`` answers plain posts with a redirect or the
    /// whole page). Naming the acting component's own type reloads it too (a list whose row the
    /// handler changed). A type the scene does not hold sends nothing and is logged as an error.
    public func updating(_ types: AnyComponent.Type...) -> ActionResult {
        var copy = self
        copy.updates += types
        return copy
    }

    /// Whether `updates` names `type`.
    func names(_ type: AnyComponent.Type) -> Bool { updates.contains { $0 == type } }

    public static func == (lhs: ActionResult, rhs: ActionResult) -> Bool {
        lhs.outcome == rhs.outcome && lhs.session == rhs.session && lhs.notice == rhs.notice
            && lhs.updates.map(ObjectIdentifier.init) == rhs.updates.map(ObjectIdentifier.init)
    }
}
