import Tessera

// MARK: - MemberScene

/// A page only its signed-in member sees (their trash, drafts, messages, settings).
///
/// Tessera keeps visitors out before any hook runs (its policy, `.signedIn`): a page request
/// is sent to the sign-in page with `next` pointing back, and a fragment or form post is a 403.
/// Subclasses declare their components with ``memberSlot(_:lazy:_:)``, whose maker gets the
/// member's id, and set their title with ``memberTitle``; they never see a signed-out request.
/// One with values for its template also conforms to ``ModelScene``.
class MemberScene: Scene {
    override class var policy: Policy? { .signedIn }

    // MARK: - Configuration

    /// The page title shown to the member; default "Your page".
    var memberTitle: String { "Your page" }

    /// A slot of the composition whose maker gets the scene and the signed-in member's id.
    static func memberSlot<C: Component>(
        _ id: String, lazy: Bool = false, _ make: @escaping @Sendable (Self, Int64) -> C?
    ) -> ComponentSlot {
        Self.slot(id, lazy: lazy) { scene, scope in scope.userID.flatMap { make(scene, $0) } }
    }

    // MARK: - Life cycle

    /// Sets the member's title. Subclasses with more to say override and call `super`.
    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = memberTitle
    }
}
