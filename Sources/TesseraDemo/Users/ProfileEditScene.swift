import Tessera

// MARK: - ProfileEditScene

/// `GET /users/:id/edit` (its form posts to the same address): a member edits their display
/// name and bio. Members only (``MemberScene``); anyone else's profile is a 404, checked once
/// in ``loadData(_:)`` before the form shows the profile or saves it.
final class ProfileEditScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/users/:id/edit" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [form] }
    override var memberTitle: String { "Edit your profile" }

    static let form = ComponentSlot("profile-form", ProfileFormComponent.self)

    // MARK: - State

    private var profileID: Int64 = 0
    private var editor: ProfileFormComponent?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        profileID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        let editor = ProfileFormComponent(id: Self.form.id, profileID: profileID, profileURL: DemoURLs.user)
        self.editor = editor
        add(editor)
    }

    /// The profile, which must be the member's own (else a 404); the form shows it.
    override func loadData(_ scope: RequestScope) async throws {
        guard profileID == scope.userID, let user = try await UserStore(database: scope.database).user(profileID) else {
            throw RequestError.notFound()
        }
        editor?.show(user)
    }
}
