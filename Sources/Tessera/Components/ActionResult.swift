// MARK: - ActionResult

/// What an action handler of a component whose template reads `Model` decided, and which
/// fragments of the page changed with it.
///
/// - `.done`: the component loads again (its ``Component/load(_:)``) and shows what the action
///   changed; a plain form post gets a `303` back to the page, a fragment request the updated
///   fragment.
/// - `.showing(model)`: done, and the fragment shows `model` instead of loading again (a
///   "posted" message, the input the handler kept).
/// - `.redirect(to:)`: go elsewhere on this site (`303`, or an `X-Tessera-Redirect` header for
///   scripts); the target passes ``RedirectTarget/local(_:)``, and one that does not is replaced
///   by `/`.
/// - `.invalid(model)`: the input was refused; the page (or fragment) is rendered again with
///   status 400, the component showing `model` (the messages and the input kept).
///
/// The component types named with ``updating(_:)`` are loaded again (after the scene's
/// ``Scene/loadData(_:)`` runs again, so they read what the action wrote) and sent along.
public struct ActionResult<Model: TemplateModel & Sendable>: Sendable {
    /// The outcome.
    package typealias Outcome = ActionOutcome

    /// The outcome.
    package let outcome: Outcome
    /// What the acting component shows instead of loading again, or nil (it loads).
    package let model: Model?
    /// The component types whose components are loaded again and sent along (view-update
    /// tags), in order. Types, not ids: a name that does not exist cannot compile.
    package private(set) var updates: [any Component.Type] = []
    /// A new session to store in the browser (after signing in or out), or nil.
    package private(set) var session: Session?
    /// A one-time message for the visitor (``Notice``), or nil.
    package private(set) var notice: Notice?
    /// What the recorded action event says besides its name (``AnalyticsEvent/detail``), or nil.
    package private(set) var analyticsDetail: String?
    /// The id of the element the client script moves focus to after swapping the fragments in
    /// (what the action made: the comment just posted), or nil.
    package private(set) var focus: String?

    init(outcome: Outcome, model: Model?) {
        self.outcome = outcome
        self.model = model
    }

    /// The action succeeded; the component loads again and the page (or fragment) shows it.
    public static var done: ActionResult { ActionResult(outcome: .done, model: nil) }

    /// The action succeeded; the fragment shows `model` (a plain form post still gets a `303`
    /// back to the page, which loads afresh).
    public static func showing(_ model: Model) -> ActionResult { ActionResult(outcome: .done, model: model) }

    /// The input was refused; render the form again from `model`, with status 400.
    public static func invalid(_ model: Model) -> ActionResult { ActionResult(outcome: .invalid, model: model) }

    /// The action succeeded; go to `url`.
    public static func redirect(to url: String) -> ActionResult { ActionResult(outcome: .redirect(url), model: nil) }

    /// A copy that also replaces the browser's session cookie with `session`.
    package func replacingSession(with session: Session) -> ActionResult {
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

    /// A copy that asks the client script to move focus to the element `id` once the
    /// fragments are in (the `X-Tessera-Focus` header): what the action made, in a fragment it
    /// updated. A plain form post has no script; point its redirect at `#id` instead.
    public func focusing(_ id: String) -> ActionResult {
        var copy = self
        copy.focus = id
        return copy
    }

    /// A copy whose recorded action event carries `detail` ("draft 3 → blog 12"); the
    /// component's ``Component/analyticsEvent(forAction:proposed:)`` sees it in `proposed`.
    public func recording(detail: String) -> ActionResult {
        var copy = self
        copy.analyticsDetail = detail
        return copy
    }

    /// A copy that also loads again and sends every component of these types the scene holds,
    /// in the response to a script (plain posts get a redirect or the whole page). A type the
    /// scene does not hold sends nothing: a component that several pages show (a like button)
    /// names what only some of them hold.
    public func updating(_ types: any Component.Type...) -> ActionResult {
        var copy = self
        copy.updates += types
        return copy
    }

    /// The result with its model type erased, for the runner.
    var erased: AnyActionResult {
        AnyActionResult(
            outcome: outcome, model: model, updates: updates, session: session, notice: notice, analyticsDetail: analyticsDetail,
            focus: focus)
    }
}

// MARK: - ActionOutcome

/// What an action decided (``ActionResult/outcome``).
package enum ActionOutcome: Sendable, Equatable {
    /// It succeeded: show the page (or fragment) again.
    case done
    /// It succeeded: go to this URL.
    case redirect(String)
    /// The input was refused: 400, the form again.
    case invalid
}

// MARK: - AnyActionResult

/// An ``ActionResult`` whose model's type is erased: what the scene runner acts on.
struct AnyActionResult: Sendable {
    typealias Outcome = ActionOutcome

    var outcome: Outcome
    /// What the acting component shows, or nil (it loads).
    var model: (any ViewModel & Sendable)?
    var updates: [any Component.Type]
    var session: Session?
    var notice: Notice?
    var analyticsDetail: String?
    var focus: String?

    /// A result of `outcome`; nothing else unless given.
    init(
        outcome: Outcome, model: (any ViewModel & Sendable)? = nil, updates: [any Component.Type] = [], session: Session? = nil,
        notice: Notice? = nil, analyticsDetail: String? = nil, focus: String? = nil
    ) {
        self.outcome = outcome
        self.model = model
        self.updates = updates
        self.session = session
        self.notice = notice
        self.analyticsDetail = analyticsDetail
        self.focus = focus
    }

}
