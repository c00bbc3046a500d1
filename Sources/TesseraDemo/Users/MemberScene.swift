import Tessera

// MARK: - MemberScene

/// A page only its signed-in member sees (their trash, drafts, messages, settings).
///
/// Tessera keeps visitors out before any hook runs (``Scene/requiresSignIn``): a page request
/// is sent to the sign-in page with `next` pointing back, and a fragment or form post is a 403.
/// Subclasses compose their components in ``configureComponents(_:memberID:)`` and set their
/// title with ``memberTitle``; they never see a signed-out request.
class MemberScene<Model: TemplateModel>: ModelScene<Model>, @unchecked Sendable {
    override class var requiresSignIn: Bool { true }

    // MARK: - Configuration

    /// The page title shown to the member; default "Your page".
    var memberTitle: String { "Your page" }

    // MARK: - Life cycle

    /// Hands the signed-in member's id to ``configureComponents(_:memberID:)``.
    final override func configureComponents(_ scope: RequestScope) {
        guard let memberID = scope.userID else { return }  // unreachable: Tessera checked
        configureComponents(scope, memberID: memberID)
    }

    /// Creates the member's components. Default: none.
    func configureComponents(_ scope: RequestScope, memberID: Int64) {}

    /// Sets the member's title. Subclasses with more to say override and call `super`.
    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = memberTitle
    }
}
