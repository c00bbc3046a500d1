import Tessera

// MARK: - ProfileFormComponent

/// The form that changes a member's display name and bio (``User/profileProblems(displayName:bio:)``).
/// Saving goes to the profile with a one-time notice; refused input comes back with the
/// messages and what was typed.
final class ProfileFormComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Users/ProfileFormComponent" }
    override class var actions: ActionTable {
        ActionTable().on("save", path: "/users/:id", ProfileFormComponent.save)
    }

    // MARK: - Configuration

    private let profileID: Int64
    private let memberID: Int64
    private let profileURL: @Sendable (Int64) -> String

    /// The form for profile `profileID`, which must be `memberID`'s own (else a 404);
    /// afterwards the browser goes to `profileURL(id)`.
    init(id: String, profileID: Int64, memberID: Int64, profileURL: @escaping @Sendable (Int64) -> String) {
        self.profileID = profileID
        self.memberID = memberID
        self.profileURL = profileURL
        super.init(id: id)
    }

    // MARK: - State

    private var displayName = ""
    private var bio = ""
    private var hasInput = false
    private var problems: [String: String] = [:]

    // MARK: - Life cycle

    /// The member's current name and bio, unless an action kept what they typed.
    override func load(_ scope: RequestScope) async throws {
        guard profileID == memberID, let user = try await UserStore(database: scope.database).user(memberID) else {
            throw RequestError.notFound()
        }
        guard !hasInput else { return }
        displayName = user.displayName
        bio = user.bio
    }

    override func viewModel() -> any ViewModel {
        [
            "actionURL": .string(profileURL(profileID)),
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

    /// Saves the name and bio: 400 with the input kept when refused; 404 for someone else's
    /// profile.
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        guard try context.path.id("id") == userID, profileID == userID else { throw RequestError.notFound() }
        displayName = context.form.text("displayName")
        bio = context.form.text("bio")
        hasInput = true
        problems = User.profileProblems(displayName: displayName, bio: bio)
        guard problems.isEmpty else { return .invalid }
        guard try await UserStore(database: context.database).updateProfile(userID, displayName: displayName, bio: bio) else {
            throw RequestError.notFound()
        }
        try await context.noticeOnNextPage(Notice("Your profile is saved."))
        return .redirect(to: profileURL(userID))
    }
}
