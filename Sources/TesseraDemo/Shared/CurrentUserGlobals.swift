import Tessera

// MARK: - CurrentUserGlobals

/// The values every template of the app may read:
///
/// - `currentUser` (`displayName`, `profileURL`, `username`) when someone is signed in;
/// - `nav`: which main-navigation entry is the current page (`home`, `photos`, `messages`,
///   `write`, `profile`, `settings`), for `aria-current`;
/// - `notice`: the session's one-time ``Notice`` on a full page load (taken, so it shows once);
/// - `links`: the fixed addresses of the navigation (``DemoURLs/templateLinks``).
enum CurrentUserGlobals {
    static func values(_ scope: RequestScope) async -> [String: TemplateValue] {
        var values: [String: TemplateValue] = ["links": .object(DemoURLs.templateLinks)]
        var user: User?
        if let userID = scope.userID { user = try? await UserStore(database: scope.database).user(userID) }
        if let user {
            values["currentUser"] = .object([
                "displayName": .string(user.displayName), "profileURL": .string(DemoURLs.user(user.id)),
                "username": .string(user.username),
            ])
        }
        values["nav"] = .object(navigation(scope.request.uri.path, profileURL: user.map { DemoURLs.user($0.id) }))
        if let notice = await pendingNotice(scope) {
            values["notice"] = .object([
                "message": .string(notice.message), "undoURL": .optional(notice.undoURL), "undoBack": .optional(notice.undoBack),
            ])
        }
        return values
    }

    // MARK: - Private

    /// The current entry of the main navigation for `path`.
    static func navigation(_ path: String, profileURL: String?) -> [String: TemplateValue] {
        func under(_ prefix: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }
        return [
            "home": .bool(path == DemoURLs.home),
            "photos": .bool(under(DemoURLs.photos)),
            "messages": .bool(under(DemoURLs.messages)),
            "write": .bool(path == DemoURLs.newDraft || under("/drafts")),
            "profile": .bool(profileURL.map { path == $0 || path == $0 + "/edit" || under(DemoURLs.trash) } ?? false),
            "settings": .bool(path == DemoURLs.password),
        ]
    }

    /// The session's notice, only for a page (never a fragment or a post, which would use it up
    /// unseen).
    private static func pendingNotice(_ scope: RequestScope) async -> Notice? {
        guard scope.request.method == .get, !scope.wantsFragment, !scope.session.id.isEmpty else { return nil }
        return try? await NoticeStore(database: scope.database).take(for: scope.session.id)
    }
}
