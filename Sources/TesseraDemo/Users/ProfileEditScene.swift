import Tessera

// MARK: - ProfileEditScene

/// `GET /users/:id/edit` (its form posts to the same address): a member edits their display
/// name and bio. Its member only (its policy): anyone else's profile is a 404, as is a missing
/// one, before the form shows the profile or saves it.
final class ProfileEditScene: MemberScene {
    override class var path: String { "/users/:id/edit" }
    override class var policy: Policy? { .owner { (scene: ProfileEditScene) in scene.user?.id } }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [slot("profile-form") { scene, _ in scene.user.map { ProfileFormComponent(user: $0, profileURL: DemoURLs.user) } }]
    }
    override var memberTitle: String { "Edit your profile" }

    // MARK: - State

    private var profileID: Int64 = 0
    private var user: User?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        profileID = try scope.path.id("id")
    }

    /// The profile (else a 404); the form shows it.
    override func loadData(_ scope: RequestScope) async throws {
        guard let user = try await UserStore(database: scope.database).user(profileID) else { throw RequestError.notFound() }
        self.user = user
    }
}
