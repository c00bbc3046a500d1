import Tessera

// MARK: - ProfileEditScene

/// `GET /users/:id/edit` (its form posts to the same address): a member edits their display
/// name and bio. Members only (``MemberScene``); anyone else's profile is a 404, checked once
/// in ``loadData(_:)`` before the form shows the profile or saves it.
final class ProfileEditScene: MemberScene {
    override class var path: String { "/users/:id/edit" }
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

    /// The profile, which must be the member's own (else a 404); the form shows it.
    override func loadData(_ scope: RequestScope) async throws {
        guard profileID == scope.userID, let user = try await UserStore(database: scope.database).user(profileID) else {
            throw RequestError.notFound()
        }
        self.user = user
    }
}
