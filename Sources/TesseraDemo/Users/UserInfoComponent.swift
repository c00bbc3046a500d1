import Tessera

// MARK: - UserInfoComponent

/// Who the member is: name, picture (or initials), bio, the details they chose to show (to
/// everyone, or to members only), member since, and what they published; with an "Edit
/// profile" link on your own profile and a "Message" link on others' (for members, when they
/// take messages).
@Component
struct UserInfoComponent {
    /// The owner gets an Edit link, members a Message link, visitors neither.
    static var caching: FragmentCaching { .perUser }

    // MARK: - Configuration

    /// The member, loaded by the scene (a missing one is a 404 before this is made).
    let user: User
    /// What their profile counts, read by the scene with the member.
    let counts: ProfileCounts
    /// Their details, read by the scene with the member.
    var details = ProfileDetails()
    /// The "Edit profile" link, on the owner's own profile.
    var editURL: String?
    /// The "Message" link, for members on someone else's profile.
    var messageURL: String?

    // MARK: - Life cycle

    /// No query: the member and the counts came with the scene.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(user: user, counts: counts, details: details, signedIn: scope.userID != nil, editURL: editURL, messageURL: messageURL)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        private let user: User
        private let counts: ProfileCounts
        private let details: ProfileDetails
        private let signedIn: Bool
        let editURL: String?
        let messageURL: String?

        init(user: User, counts: ProfileCounts, details: ProfileDetails, signedIn: Bool, editURL: String?, messageURL: String?) {
            self.user = user
            self.counts = counts
            self.details = details
            self.signedIn = signedIn
            self.editURL = editURL
            self.messageURL = messageURL
        }

        var avatarURL: String? { details.avatarURL }
        var website: String? { details.shows(.website, signedIn: signedIn) && !details.website.isEmpty ? details.website : nil }
        var pronouns: String? { details.shows(.pronouns, signedIn: signedIn) ? details.pronouns?.label : nil }
        var birthday: String? {
            guard details.shows(.birthday, signedIn: signedIn), let date = ProfileDetails.date(details.birthday, now: .distantFuture) else { return nil }
            return DisplayText.date(date)
        }
        var birthdayISO: String { details.birthday }

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
