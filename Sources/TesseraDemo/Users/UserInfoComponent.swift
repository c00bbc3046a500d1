import Tessera

// MARK: - UserInfoComponent

/// Who the member is: name, avatar initials, bio, member since, and what they published; with
/// an "Edit profile" link on your own profile and a "Message" link on others' (for members).
final class UserInfoComponent: Component<UserInfoComponent.Model>, @unchecked Sendable {
    /// The owner gets an Edit link, members a Message link, visitors neither.
    override class var caching: FragmentCaching { .perUser }

    // MARK: - State

    private let subject: ProfileSubject
    private let editURL: String?
    private let messageURL: String?
    private var counts = ProfileCounts(posts: 0, likes: 0)

    /// Shows the user the scene loaded into `subject`, offering `editURL` and `messageURL`
    /// when given (default none).
    init(id: String, subject: ProfileSubject, editURL: String? = nil, messageURL: String? = nil) {
        self.subject = subject
        self.editURL = editURL
        self.messageURL = messageURL
        super.init(id: id)
    }

    // MARK: - Life cycle

    /// The counts, in one query (the user itself came with the scene).
    override func load(_ scope: RequestScope) async throws {
        guard let user = subject.user else { throw RequestError.notFound() }
        counts = try await UserStore(database: scope.database).profileCounts(of: user.id)
    }

    override func viewModel() -> Model {
        Model(user: subject.user, counts: counts, editURL: editURL, messageURL: messageURL)
    }

    /// The values the template reads (the member is there whenever the template renders: a
    /// missing one is a 404).
    @TemplateModel
    struct Model {
        private let user: User?
        private let counts: ProfileCounts
        let editURL: String?
        let messageURL: String?

        init(user: User?, counts: ProfileCounts, editURL: String?, messageURL: String?) {
            self.user = user
            self.counts = counts
            self.editURL = editURL
            self.messageURL = messageURL
        }
        var name: String { user?.displayName ?? "" }
        var username: String { user.map { "@" + $0.username } ?? "" }
        var initials: String { user?.initials ?? "" }
        var bio: String { user?.bio ?? "" }
        var memberSince: String { user.map { DisplayText.date($0.createdAt) } ?? "" }
        var memberSinceISO: String { user.map { DisplayText.isoDate($0.createdAt) } ?? "" }
        var posts: String { DisplayText.count(counts.posts, "post", "posts") }
        var likes: String { DisplayText.count(counts.likes, "like", "likes") + " received" }
    }
}
