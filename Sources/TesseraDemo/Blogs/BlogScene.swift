import Tessera

// MARK: - BlogScene

/// `GET /blogs/:id`: one published post, its likes and comments, and (for its author) the Edit
/// link and the trash button.
///
/// The scene reads the post once, in one query (``BlogPageRead``: the post and its author, its
/// likes, whether the viewer likes it and its comment count; reused per viewer while nothing is
/// written), and hands the parts to the post, the
/// like button and the stats in the aside, so they always agree and none of them reads again;
/// liking makes the button and the stats anew from the post read again, in one fragment
/// response. Posting a comment sends the comment list and the stats (the comment count) along
/// in the same response, focus on the new comment.
final class BlogScene: Scene {
    override class var path: String { "/blogs/:id" }
    override class var policy: Policy? { .anyone }
    /// A visitor's page shows only what its URL names: kept until its data changes.
    override class var reusesVisitorPages: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            slot("blog-detail") { scene, _ in
                scene.post.map { BlogDetailComponent(post: $0.item, userURL: DemoURLs.user, editURL: DemoURLs.editBlog) }
            },
            slot("like-button") { scene, scope in
                scene.post.map { post in
                    LikeButtonComponent(blogID: scene.blogID, likedByViewer: post.likedByViewer, signInURL: scene.signInURL)
                }
            },
            slot("blog-stats") { scene, _ in
                scene.post.map {
                    BlogStatsComponent(
                        blogID: scene.blogID, likeCount: $0.blog.likeCount, likedByViewer: $0.likedByViewer, commentCount: $0.commentCount)
                }
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
    /// The post, its likes and its comment count, read for this viewer by ``loadData(_:)``.
    private var post: BlogPost?

    /// The sign-in page, coming back to this post.
    private var signInURL: String { DemoURLs.signIn + URLQuery.encode([("next", DemoURLs.blog(blogID))]) }

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("id")
    }

    /// The post with everything its components show but the comments (a 404 when it is missing
    /// or in the trash), one query.
    override func loadData(_ scope: RequestScope) async throws {
        guard let post = try await scope.read(BlogPageRead(blogID: blogID)) else {
            throw RequestError.notFound()
        }
        self.post = post
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = post?.blog.title ?? ""
    }
}
