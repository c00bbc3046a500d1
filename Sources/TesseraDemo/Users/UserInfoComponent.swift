import Tessera

// MARK: - UserInfoComponent

/// Who the member is: name, avatar initials, bio, member since, and what they published; with
/// an "Edit profile" link on your own profile and a "Message" link on others' (for members).
final class UserInfoComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Users/UserInfoComponent" }

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

    override func viewModel() -> any ViewModel {
        guard let user = subject.user else { return [String: TemplateValue]() }
        return [
            "name": .string(user.displayName),
            "username": .string("@" + user.username),
            "initials": .string(user.initials),
            "bio": .string(user.bio),
            "memberSince": .string(DisplayText.date(user.createdAt)),
            "memberSinceISO": .string(DisplayText.isoDate(user.createdAt)),
            "posts": .string(DisplayText.count(counts.posts, "post", "posts")),
            "likes": .string(DisplayText.count(counts.likes, "like", "likes") + " received"),
            "editURL": .optional(editURL),
            "messageURL": .optional(messageURL),
        ]
    }
}
