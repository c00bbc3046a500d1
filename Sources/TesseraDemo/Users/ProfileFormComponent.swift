import Tessera

// MARK: - ProfileFormComponent

/// The form that changes a member's display name and bio (``User/profileProblems(displayName:bio:)``).
/// Saving goes to the profile with a one-time notice; refused input comes back with the
/// messages and what was typed.
final class ProfileFormComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Users/ProfileFormComponent" }
    override class var actions: ActionTable {
        ActionTable().on("save", path: "", ProfileFormComponent.save)
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
    private var problems: [String: String] = [:]

    // MARK: - Life cycle

    /// Shows `user`'s current name and bio (its scene loaded and checked them).
    func show(_ user: User) {
        displayName = user.displayName
        bio = user.bio
    }

    override func viewModel() -> any ViewModel {
        [
            "actionURL": .string(sceneURL),
            "profileURL": .string(profileURL(profileID)),
            "displayName": .string(displayName),
            "bio": .string(bio),
            "displayNameError": .optional(problems["displayName"]),
            "bioError": .optional(problems["bio"]),
            "formError": .optional(problems.isEmpty ? nil : "Please fix the marked fields."),
            "maxDisplayName": User.displayNameField.maxLength,
            "maxBio": User.bioField.maxLength,
        ]
    }

    // MARK: - Actions

    /// Saves the name and bio: 400 with the input kept when refused.
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        displayName = context.form.text("displayName")
        bio = context.form.text("bio")
        problems = User.profileProblems(displayName: displayName, bio: bio)
        guard problems.isEmpty else { return .invalid }
        guard try await UserStore(database: context.database).updateProfile(userID, displayName: displayName, bio: bio) else {
            throw RequestError.notFound()
        }
        try await context.noticeOnNextPage(Notice("Your profile is saved."))
        return .redirect(to: profileURL(userID))
    }
}
