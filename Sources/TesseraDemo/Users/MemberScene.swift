import Hummingbird
import Tessera

// MARK: - MemberScene

/// A page only its signed-in member sees (their trash, their drafts).
///
/// Whether someone is signed in is decided here, once, for every request the scene answers:
///
/// - a signed-out visitor asking for the page gets `303 See Other` to the sign-in page, with
///   `next` pointing back here; the body is a small sign-in card (``SignInPromptComponent``)
///   for the rare client that shows a redirect's body;
/// - a signed-out form post is a 403, before any component is made.
///
/// Subclasses compose their components in ``configureComponents(_:memberID:)`` and set their
/// title with ``memberTitle``; they never see a signed-out request.
class MemberScene: Scene, @unchecked Sendable {
    // MARK: - Configuration

    /// The page title shown to the member.
    var memberTitle: String { "Your page" }

    /// What the sign-in card says to a signed-out visitor.
    var signInMessage: String { "Sign in to continue." }

    /// The signed-in member, or nil for a visitor (set by ``parseParameters(_:)``).
    private(set) var memberID: Int64?

    // MARK: - Life cycle

    /// Notes who is signed in; a signed-out post is a 403. Subclasses call `super` first.
    override func parseParameters(_ scope: RequestScope) throws {
        memberID = scope.userID
        if memberID == nil, scope.request.method == .post { throw RequestError.forbidden("Sign in to do that.") }
    }

    /// The one place the signed-out composition is chosen.
    final override func configureComponents(_ scope: RequestScope) {
        guard let memberID else {
            add(SignInPromptComponent(id: "sign-in-prompt", message: signInMessage, signInURL: signInURL(scope)))
            return
        }
        configureComponents(scope, memberID: memberID)
    }

    /// Creates the member's components. Default: none.
    func configureComponents(_ scope: RequestScope, memberID: Int64) {}

    /// The member's title, or the redirect to sign in.
    final override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        guard memberID == nil else {
            head.title = memberTitle
            return
        }
        head.title = "Sign in"
        head.status = .seeOther
        head.headers[.location] = signInURL(scope)
    }

    // MARK: - Private

    /// `/signin?next=<this page>`, the query included.
    private func signInURL(_ scope: RequestScope) -> String {
        var back = scope.request.uri.path
        if let query = scope.request.uri.query, !query.isEmpty { back += "?" + query }
        return DemoURLs.signIn + URLQuery.encode([("next", back)])
    }
}
