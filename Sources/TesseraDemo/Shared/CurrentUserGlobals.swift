import Tessera

// MARK: - CurrentUserGlobals

/// The values every template of the app may read:
///
/// - `profileURL`: the signed-in member's profile (from the session's member id: no read); the
///   member's names are Tessera's own `member` global (`id`, `username`, `displayName`), read
///   in the statement that finds the session;
/// - `nav`: which main-navigation entry is the current page (`home`, `photos`, `messages`,
///   `write`, `profile`, `settings`), for `aria-current`;
/// - `links`: the fixed addresses of the navigation and footer (``Links``).
@TemplateModel
public struct CurrentUserGlobals {
    let profileURL: String?
    let nav: Navigation
    let links = Links()

    /// The values for `scope`'s request.
    static func values(_ scope: RequestScope) async -> CurrentUserGlobals {
        let profileURL = scope.userID.map(DemoURLs.user)
        return CurrentUserGlobals(profileURL: profileURL, nav: Navigation(path: scope.request.uri.path, profileURL: profileURL))
    }

    // MARK: - Parts

    /// The current entry of the main navigation, found once per request from its path.
    @TemplateModel
    struct Navigation {
        /// The entries of the main navigation.
        enum Entry { case home, photos, messages, write, profile, settings }

        @TemplateIgnored let current: Entry?

        /// The entry `path` is under (nil for none); `profileURL` is the member's own profile.
        init(path: String, profileURL: String?) {
            func under(_ prefix: String) -> Bool { path == prefix || (path.hasPrefix(prefix) && path.dropFirst(prefix.count).first == "/") }
            current =
                if path == DemoURLs.home { .home }
                else if under(DemoURLs.photos) { .photos }
                else if under(DemoURLs.messages) { .messages }
                else if path == DemoURLs.newDraft || under("/drafts") { .write }
                else if let profileURL, path == profileURL || path == profileURL + "/edit" || under(DemoURLs.trash) { .profile }
                else if under("/settings") { .settings }
                else { nil }
        }

        var home: Bool { current == .home }
        var photos: Bool { current == .photos }
        var messages: Bool { current == .messages }
        var write: Bool { current == .write }
        var profile: Bool { current == .profile }
        var settings: Bool { current == .settings }
    }

    /// The fixed addresses every template may read as `links.<name>`, each from its scene's
    /// declaration (``DemoURLs``).
    @TemplateModel
    struct Links {
        var home: String { DemoURLs.home }
        var photos: String { DemoURLs.photos }
        var messages: String { DemoURLs.messages }
        var write: String { DemoURLs.newDraft }
        var settings: String { DemoURLs.password }
        var signIn: String { DemoURLs.signIn }
        var signOut: String { DemoURLs.signOut }
    }
}
