import Tessera

// MARK: - ProfileFormComponent

/// The form that changes a member's display name and bio (``User/profileProblems(displayName:bio:)``).
/// Saving goes to the profile with a one-time notice; refused input comes back with the
/// messages and what was typed.
struct ProfileFormComponent: Component {
    /// `POST` to the scene's own address: saves the profile.
    static let save = Action("save", path: "", ProfileFormComponent.save)
    static var actions: ActionTable<Self> { ActionTable().on(save) }

    // MARK: - Configuration

    /// The member's profile, as its scene loaded and checked it (their own).
    let user: User
    /// Where the browser goes after saving.
    let profileURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// Shows the member's current name and bio.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(actionURL: scope.url(for: Self.save), displayName: user.displayName, bio: user.bio, errors: Self.noErrors)
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
    func save(_ context: ActionContext<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let displayName = context.form.text("displayName")
        let bio = context.form.text("bio")
        let errors = FormErrors(User.profileProblems(displayName: displayName, bio: bio), summary: Self.noErrors.summary)
        guard errors.isEmpty else {
            return .invalid(model(actionURL: context.url(for: Self.save), displayName: displayName, bio: bio, errors: errors))
        }
        guard try await UserStore(database: context.database).updateProfile(userID, displayName: displayName, bio: bio) else {
            throw RequestError.notFound()
        }
        return .redirect(to: profileURL(userID)).withNotice(Notice("Your profile is saved."))
    }

    // MARK: - Private

    private static let noErrors = FormErrors<User.ProfileField>(summary: "Please fix the marked fields.")

    private func model(actionURL: String, displayName: String, bio: String, errors: FormErrors<User.ProfileField>) -> Model {
        Model(
            actionURL: actionURL, profileURL: profileURL(user.id), displayName: displayName, bio: bio, errors: errors,
            maxDisplayName: User.displayNameField.maxScalars, maxBio: User.bioField.maxScalars)
    }
}
