import Tessera

// MARK: - ProfileFormComponent

/// The form that changes a member's display name and bio (``User/profileProblems(displayName:bio:)``).
/// Saving goes to the profile with a one-time notice; refused input comes back with the
/// messages and what was typed.
final class ProfileFormComponent: Component<ProfileFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address: saves the profile.
    static let save = Action("save", path: "", ProfileFormComponent.save)
    override class var actions: ActionTable {
        ActionTable().on(save)
    }

    // MARK: - Configuration

    private let profileID: Int64
    private let profileURL: @Sendable (Int64) -> String

    /// The form for profile `profileID` (its scene checks it is the member's own and hands it
    /// over with ``show(_:)``); afterwards the browser goes to `profileURL(id)`.
    init(id: String, profileID: Int64, profileURL: @escaping @Sendable (Int64) -> String) {
        self.profileID = profileID
        self.profileURL = profileURL
        super.init(id: id)
    }

    // MARK: - State

    private var displayName = ""
    private var bio = ""
    private var errors = FormErrors<User.ProfileField>(summary: "Please fix the marked fields.")

    // MARK: - Life cycle

    /// Shows `user`'s current name and bio (its scene loaded and checked them).
    func show(_ user: User) {
        displayName = user.displayName
        bio = user.bio
    }

    override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.save),
            profileURL: profileURL(profileID),
            displayName: displayName,
            bio: bio,
            errors: errors,
            maxDisplayName: User.displayNameField.maxScalars,
            maxBio: User.bioField.maxScalars
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let actionURL: String
        let profileURL: String
        let displayName: String
        let bio: String
        let errors: FormErrors<User.ProfileField>
        let maxDisplayName: Int
        let maxBio: Int
    }

    // MARK: - Actions

    /// Saves the name and bio: 400 with the input kept when refused.
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        displayName = context.form.text("displayName")
        bio = context.form.text("bio")
        errors = FormErrors(User.profileProblems(displayName: displayName, bio: bio), summary: errors.summary)
        guard errors.isEmpty else { return .invalid }
        guard try await UserStore(database: context.database).updateProfile(userID, displayName: displayName, bio: bio) else {
            throw RequestError.notFound()
        }
        return .redirect(to: profileURL(userID)).withNotice(Notice("Your profile is saved."))
    }
}
