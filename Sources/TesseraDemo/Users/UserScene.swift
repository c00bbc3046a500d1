import Tessera

// MARK: - UserScene

/// `GET /users/:id`: a member's profile, assembled from self-managing components like
/// building blocks. Whose profile it is picks the composition once (``ProfileComposition``);
/// the components then load and paginate on their own.
final class UserScene: Scene, VariantScene {
    override class var path: String { "/users/:id" }
    override class var policy: Policy? { .anyone }
    /// A visitor's page shows only what its URL names: kept until its data changes.
    override class var reusesVisitorPages: Bool { true }
    /// Every component either composition may hold; the owner's drafts and trash only on
    /// their own profile.
    override class var composition: [ComponentSlot] {
        [
            slot("user-info") { scene, scope in
                scene.profile.map { user, counts, details in
                    scene.variant == .own
                        ? UserInfoComponent(user: user, counts: counts, details: details, editURL: DemoURLs.editUser(user.id))
                        : UserInfoComponent(
                            user: user, counts: counts, details: details,
                            messageURL: scope.userID == nil || !details.acceptsMessages ? nil : DemoURLs.newMessage(to: user.id))
                }
            },
            slot("blog-list") { scene, _ in
                var list =
                    scene.variant == .own
                    ? BlogListComponent(
                        userID: scene.profileID, blogURL: DemoURLs.blog,
                        emptyState: EmptyState("You have not published anything yet.", action: ("Write your first post", DemoURLs.newDraft)))
                    : BlogListComponent(userID: scene.profileID, blogURL: DemoURLs.blog, signInURL: scene.signInURL)
                if let details = scene.profile?.details { list.pageSize = details.postsPerPage }
                return list
            },
            slot("drafts") { scene, _ in
                scene.variant == .own
                    ? DraftListComponent(userID: scene.profileID, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft) : nil
            },
            slot("trash-summary") { scene, _ in
                scene.variant == .own ? TrashSummaryComponent(userID: scene.profileID, trashURL: DemoURLs.trash) : nil
            },
        ]
    }

    // MARK: - State

    private var profileID: Int64 = 0
    /// Whose profile this is, which picks the template (``ProfileComposition/template``).
    private(set) var variant = ProfileComposition.visitor
    /// The profile's user and its counts, loaded once for the page and every component that shows them.
    private var profile: (user: User, counts: ProfileCounts, details: ProfileDetails)?

    /// The sign-in page, coming back to this profile.
    private var signInURL: String { DemoURLs.signIn + URLQuery.encode([("next", DemoURLs.user(profileID))]) }

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        profileID = try scope.path.id("id")
        variant = ProfileComposition(viewerID: scope.userID, profileID: profileID)
    }

    /// The profile's user with its counts, one query (``ProfileRead``, reused while nothing is
    /// written); an unknown id is a 404 (for the page and
    /// every fragment).
    override func loadData(_ scope: RequestScope) async throws {
        guard let profile = try await scope.read(ProfileRead(userID: profileID)) else { throw RequestError.notFound() }
        self.profile = profile
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = profile?.user.displayName ?? "Profile"
    }
}
