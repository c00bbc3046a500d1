// MARK: - FragmentCaching

/// Whether Tessera may reuse a component's rendered fragment for later requests
/// (``AnyComponent/caching``) instead of loading and rendering it again.
///
/// A reused fragment is one rendered from the same data: it is reused only while no write
/// committed through the site's database since its `load` began, and for at most the page
/// readers' snapshot lifetime (50 ms), the time within which pages see other processes' writes
/// anyway. So a page after a form always shows what the form did, and a busy page loads each
/// of these components about once per 50 ms instead of once per request.
///
/// Reuse is keyed by the component's type and id, the scene's URL and the request's whole
/// query string. A component may opt in when its fragment depends on nothing else (besides,
/// for ``perUser``, who is signed in): not on cookies, flash messages, the time of day or a
/// shared state object another component reads after it loads. Its `load` is skipped when the
/// fragment is reused.
///
/// A fragment whose templates read a per-request global (`csrfToken`, `onceToken` or any of the
/// app's globals) is never stored, so no visitor's form token reaches another; Tessera logs
/// the component's name once. Development mode stores nothing (templates reload there).
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
