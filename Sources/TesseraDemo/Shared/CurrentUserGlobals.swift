import Tessera

// MARK: - CurrentUserGlobals

/// The values every template of the app may read:
///
/// - `currentUser` (`displayName`, `profileURL`, `username`) when someone is signed in;
/// - `nav`: which main-navigation entry is the current page (`home`, `photos`, `messages`,
///   `write`, `profile`, `settings`), for `aria-current`;
/// - `links`: the fixed addresses of the navigation and footer (``Links``).
public struct CurrentUserGlobals: TemplateModel {
    let currentUser: CurrentUser?
    let nav: Navigation
    let links = Links()

    public static let templateKeys: [TemplateKey<CurrentUserGlobals>] = [
        TemplateKey("currentUser") { $0.currentUser },
        TemplateKey("nav") { $0.nav },
        TemplateKey("links") { $0.links },
    ]

    /// The values for `scope`'s request.
    static func values(_ scope: RequestScope) async -> CurrentUserGlobals {
        var user: User?
        if let userID = scope.userID { user = try? await UserStore(database: scope.database).user(userID) }
        return CurrentUserGlobals(
            currentUser: user.map { CurrentUser(displayName: $0.displayName, profileURL: DemoURLs.user($0.id), username: $0.username) },
            nav: Navigation(path: scope.request.uri.path, profileURL: user.map { DemoURLs.user($0.id) }))
    }

    // MARK: - Parts

    /// The signed-in member.
    struct CurrentUser: TemplateModel {
        let displayName: String
        let profileURL: String
        let username: String

        static let templateKeys: [TemplateKey<CurrentUser>] = [
            TemplateKey("displayName") { $0.displayName },
            TemplateKey("profileURL") { $0.profileURL },
            TemplateKey("username") { $0.username },
        ]
    }

    /// The current entry of the main navigation for `path`.
    struct Navigation: TemplateModel {
        let path: String
        let profileURL: String?

        private func under(_ prefix: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }

        static let templateKeys: [TemplateKey<Navigation>] = [
            TemplateKey("home") { $0.path == DemoURLs.home },
            TemplateKey("photos") { $0.under(DemoURLs.photos) },
            TemplateKey("messages") { $0.under(DemoURLs.messages) },
            TemplateKey("write") { $0.path == DemoURLs.newDraft || $0.under("/drafts") },
            TemplateKey("profile") { nav in
                nav.profileURL.map { nav.path == $0 || nav.path == $0 + "/edit" || nav.under(DemoURLs.trash) } ?? false
            },
            TemplateKey("settings") { $0.under("/settings") },
        ]
    }

    /// The fixed addresses every template may read as `links.<name>`, each from its scene's
    /// declaration (``DemoURLs``).
    struct Links: TemplateModel {
        static let templateKeys: [TemplateKey<Links>] = [
            TemplateKey("home") { _ in DemoURLs.home },
            TemplateKey("photos") { _ in DemoURLs.photos },
            TemplateKey("messages") { _ in DemoURLs.messages },
            TemplateKey("write") { _ in DemoURLs.newDraft },
            TemplateKey("settings") { _ in DemoURLs.password },
            TemplateKey("signIn") { _ in DemoURLs.signIn },
            TemplateKey("signOut") { _ in DemoURLs.signOut },
        ]
    }
}
