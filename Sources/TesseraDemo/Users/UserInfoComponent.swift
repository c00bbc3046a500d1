import Tessera

// MARK: - UserInfoComponent

/// Who the member is: name, avatar initials, bio, member since, and what they published; with
/// an "Edit profile" link on your own profile and a "Message" link on others' (for members).
struct UserInfoComponent: Component {
    /// The owner gets an Edit link, members a Message link, visitors neither.
    static var caching: FragmentCaching { .perUser }

    // MARK: - Configuration

    /// The member, loaded by the scene (a missing one is a 404 before this is made).
    let user: User
    /// What their profile counts, read by the scene with the member.
    let counts: ProfileCounts
    /// The "Edit profile" link, on the owner's own profile.
    var editURL: String?
    /// The "Message" link, for members on someone else's profile.
    var messageURL: String?

    // MARK: - Life cycle

    /// No query: the member and the counts came with the scene.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(user: user, counts: counts, editURL: editURL, messageURL: messageURL)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        private let user: User
        private let counts: ProfileCounts
        let editURL: String?
        let messageURL: String?

        init(user: User, counts: ProfileCounts, editURL: String?, messageURL: String?) {
            self.user = user
            self.counts = counts
            self.editURL = editURL
            self.messageURL = messageURL
        }

        var name: String { user.displayName }
        var username: String { "@" + user.username }
        var initials: String { user.initials }
        var bio: String { user.bio }
        var memberSince: String { DisplayText.date(user.createdAt) }
        var memberSinceISO: String { DisplayText.isoDate(user.createdAt) }
        var posts: String { DisplayText.count(counts.posts, "post", "posts") }
        var likes: String { DisplayText.count(counts.likes, "like", "likes") + " received" }
    }
}
