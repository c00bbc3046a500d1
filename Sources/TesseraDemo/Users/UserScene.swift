import Tessera

// MARK: - UserScene

/// `GET /users/:id`: a member's profile, assembled from self-managing components like
/// building blocks. Whose profile it is picks the composition once (``ProfileComposition``);
/// the components then load and paginate on their own.
final class UserScene: Scene, VariantScene, @unchecked Sendable {
    override class var path: String { "/users/:id" }
    override class var composition: [ComponentSlot] { ProfileComposition.slots }

    // MARK: - State

    private var profileID: Int64 = 0
    /// Whose profile this is, which picks the template (``ProfileComposition/template``).
    private(set) var variant = ProfileComposition.visitor
    private let subject = ProfileSubject()

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        profileID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope) {
        variant = ProfileComposition(viewerID: scope.userID, profileID: profileID)
        for component in variant.components(profileID: profileID, subject: subject, viewerID: scope.userID) { add(component) }
    }

    /// The profile's user; an unknown id is a 404 (for the page and every fragment).
    override func loadData(_ scope: RequestScope) async throws {
        guard let user = try await UserStore(database: scope.database).user(profileID) else { throw RequestError.notFound() }
        subject.user = user
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = subject.user?.displayName ?? "Profile"
    }
}
