// MARK: - FragmentCaching

/// Whether Tessera may reuse a component's rendered fragment for later requests
/// (``Component/caching``) instead of loading and rendering it again.
///
/// A reused fragment is one rendered from the same data: it is reused only while none of the
/// app tables it read (its own statements' and its scene's, noted as they run) changed since its
/// `load` began — by any process on the database; Tessera's bookkeeping (sessions, throttles,
/// tokens, notices, analytics) does not count. So a page after a form always shows what the form
/// did, and a busy page loads each of these components once per change to its data instead of
/// once per request.
///
/// Reuse is keyed by the component's type and id, the scene's URL and the request's whole
/// query string (and, for ``perUser``, the member). What the key does not hold, the component
/// cannot see: its `load` gets a scope with no viewer (``shared``) or only the member's id
/// (``perUser``), no cookies, no `Authorization` header, no client address and no token. What
/// remains the component's to get right is state handed to it by its scene (pass the viewer's
/// id only to a ``perUser`` component) and the time of day. Its `load` is skipped when the
/// fragment is reused.
///
/// A fragment whose templates read a per-request global (`csrfToken`, `onceToken` or any of the
/// app's globals) is never stored, so no visitor's form token reaches another; Tessera logs
/// the component's name once. A ``perUser`` fragment rendered for a member that reads one (a
/// form for members, a link for visitors) is not stored either, without a log: such a component
/// is reused for visitors. Development mode stores nothing (templates reload there).
public enum FragmentCaching: Sendable, Equatable {
    /// Loaded and rendered on every request (the default).
    case never
    /// One fragment for every viewer, members and visitors alike: the component shows the
    /// same thing to everyone (a public feed).
    case shared
    /// One fragment per signed-in member, and one for all visitors: the component shows a
    /// member something of their own (whether they like a post) but nothing of a visitor's.
    case perUser
}
