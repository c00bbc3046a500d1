import Tessera

// MARK: - ProfileEditScene

/// `GET /users/:id/edit` (its form posts to `POST /users/:id`): a member edits their display
/// name and bio. Members only (``MemberScene``); anyone else's profile is a 404.
final class ProfileEditScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/users/:id/edit" }
    override class var componentTypes: [AnyComponent.Type] { [ProfileFormComponent.self] }
    override var memberTitle: String { "Edit your profile" }

    // MARK: - State

    private var profileID: Int64 = 0

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        profileID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(ProfileFormComponent(id: "profile-form", profileID: profileID, memberID: memberID, profileURL: DemoURLs.user))
    }
}
