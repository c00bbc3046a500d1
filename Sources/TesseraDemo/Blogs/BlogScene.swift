import Tessera

// MARK: - BlogScene

/// `GET /blogs/:id`: one published post, its likes and comments, and (for its author) the Edit
/// link and the trash button.
///
/// The scene reads the post's heading once (its title, its likes and whether the viewer likes
/// it) and hands the same values to the like button and the stats in the aside, so they always
/// show the same count; liking makes both anew from the heading read again, in one fragment
/// response. Posting a comment sends the comment list and the stats (the comment count) along
/// in the same response, focus on the new comment.
final class BlogScene: Scene {
    override class var path: String { "/blogs/:id" }
    override class var composition: [ComponentSlot] {
        [
            slot("blog-detail") { scene, _ in
                BlogDetailComponent(blogID: scene.blogID, userURL: DemoURLs.user, editURL: DemoURLs.editBlog)
            },
            slot("like-button") { scene, scope in
                scene.heading.map { heading in
                    LikeButtonComponent(blogID: scene.blogID, likedByViewer: heading.likedByViewer, signInURL: scene.signInURL)
                }
            },
            slot("blog-stats") { scene, _ in
                scene.heading.map { BlogStatsComponent(blogID: scene.blogID, likeCount: $0.likeCount, likedByViewer: $0.likedByViewer) }
            },
            slot("comments") { scene, _ in
                CommentListComponent(blogID: scene.blogID, userURL: DemoURLs.user)
            },
            slot("comment-form") { scene, _ in
                CommentFormComponent(blogID: scene.blogID, signInURL: scene.signInURL, pageURL: DemoURLs.blog(scene.blogID))
            },
        ]
    }

    // MARK: - State

    private var blogID: Int64 = 0
    /// The post's title and likes, read for this viewer by ``loadData(_:)``.
    private var heading: BlogHeading?

    /// The sign-in page, coming back to this post.
    private var signInURL: String { DemoURLs.signIn + URLQuery.encode([("next", DemoURLs.blog(blogID))]) }

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("id")
    }

    /// The post's heading (a 404 when it is missing or in the trash), one query.
    override func loadData(_ scope: RequestScope) async throws {
        guard let heading = try await BlogStore(database: scope.database).heading(blogID, viewerID: scope.userID) else {
            throw RequestError.notFound()
        }
        self.heading = heading
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = heading?.title ?? ""
    }
}
