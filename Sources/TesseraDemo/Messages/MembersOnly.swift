import Tessera

// MARK: - MembersOnly

/// What a members-only scene does for someone signed out: its page shows a sign-in prompt
/// instead of its members' composition, and its actions answer 403.
///
/// The framework mounts one scene type per route, so the choice is made once per request in
/// the scene's hooks: ``refuseSignedOutActions(_:)`` from `parseParameters`, and a
/// ``SignInPromptComponent`` composed in `configureComponents` when `scope.userID` is nil.
enum MembersOnly {
    /// The prompt's component id (`{{components.sign-in-prompt}}` in scene templates).
    static let promptID = "sign-in-prompt"

    /// Throws 403 for a POST from someone signed out (before any component is looked up, so
    /// the answer does not depend on the signed-out composition). Call from `parseParameters`.
    static func refuseSignedOutActions(_ scope: RequestScope) throws(RequestError) {
        guard scope.request.method == .post, scope.userID == nil else { return }
        throw .forbidden("Sign in to do that.")
    }

    /// The sign-in page's URL, coming back to `path` (a same-site path) afterwards.
    static func signInURL(returningTo path: String) -> String {
        DemoURLs.signIn + "?next=" + URLQuery.escape(path).replacingOccurrences(of: "%2F", with: "/")
    }
}
