import Tessera

// MARK: - BlogStatsComponent

/// The aside's summary of the post: its likes (read by the scene with the post, the same
/// values the like button gets) and how many comments it has. It is made anew and loaded again
/// along with the like button and the comment form.
@Component
struct BlogStatsComponent {
    /// The counts are everyone's, but a member who likes the post is told so: one copy per member.
    static var caching: FragmentCaching { .perUser }
    /// An open post page shows a new comment, or a like, as it is made.
    static var live: Bool { true }
    var rootClass: String? { "card" }

    // MARK: - Configuration

    /// The post.
    let blogID: Int64
    /// How many members like it.
    let likeCount: Int
    /// Whether the viewer likes it (false for visitors).
    let likedByViewer: Bool
    /// How many comments it has.
    let commentCount: Int

    // MARK: - Life cycle

    /// No query: the counts came with the scene.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(
            countText: DisplayText.count(likeCount, "like", "likes"),
            likedByViewer: likedByViewer,
            commentsText: DisplayText.count(commentCount, "comment", "comments")
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let countText: String
        let likedByViewer: Bool
        let commentsText: String
    }
}
