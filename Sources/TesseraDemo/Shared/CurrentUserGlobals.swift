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

    /// The current entry of the main navigation for `path`.
    @TemplateModel
    struct Navigation {
        @TemplateIgnored let path: String
        @TemplateIgnored let profileURL: String?

        var home: Bool { path == DemoURLs.home }
        var photos: Bool { under(DemoURLs.photos) }
        var messages: Bool { under(DemoURLs.messages) }
        var write: Bool { path == DemoURLs.newDraft || under("/drafts") }
        var profile: Bool { profileURL.map { path == $0 || path == $0 + "/edit" || under(DemoURLs.trash) } ?? false }
        var settings: Bool { under("/settings") }

        private func under(_ prefix: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }
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
