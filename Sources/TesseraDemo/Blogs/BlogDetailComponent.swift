import Tessera

// MARK: - BlogDetailComponent

/// The post: title, author, date and body; its author also gets an Edit link and the "Move to
/// trash" button, whose action moves the post to the trash and goes to the author's profile
/// with a one-time notice that offers Undo.
@Component
struct BlogDetailComponent {
    var rootElement: String { "article" }
    var rootClass: String? { "blog-detail" }
    /// The post is everyone's, but its author also gets the Edit and trash controls: one copy
    /// per member (the author's own, holding a form token, is never kept).
    static var caching: FragmentCaching { .perUser }
    /// `POST <scene>/trash`: moves the post to the trash; its author only (anyone else gets a
    /// 404, as if the post were not there).
    static let trash = Action("trash", policy: .owner { (detail: BlogDetailComponent) in detail.post.blog.userID }, BlogDetailComponent.trash)

    // MARK: - Configuration

    /// The post and its author's name, read by the scene (a missing or trashed post is a 404
    /// before this is made).
    let post: BlogListItem
    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String
    /// Where a post is edited.
    let editURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// No query: the post came with the scene.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(
            blog: post.blog, authorName: post.authorName ?? "A former member", authorURL: userURL(post.blog.userID),
            isAuthor: post.blog.isWritten(by: scope.userID), trashURL: scope.url(for: Self.trash), editURL: editURL(post.blog.id))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        @TemplateIgnored let blog: Blog
        let authorName: String
        let authorURL: String
        let isAuthor: Bool
        let trashURL: String
        let editURL: String
        var title: String { blog.title }
        var date: String { DisplayText.date(blog.createdAt) }
        var isoDate: String { DisplayText.isoDate(blog.createdAt) }
        var paragraphs: [String] { blog.paragraphs }
    }

    // MARK: - Actions

    /// Moves the post to the trash (its policy lets its author alone in; the store checks again
    /// in the write, against a post trashed meanwhile), then shows the author's profile.
    func trash(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let store = BlogStore(database: context.database)
        let blogID = post.blog.id
        guard let blog = try await store.blog(blogID), blog.isWritten(by: userID),
            try await store.trash(blogID, by: userID, at: context.request.demo.now())
        else { throw RequestError.notFound() }
        return .redirect(to: userURL(userID)).withNotice(
            Notice("“\(blog.title)” was moved to the trash.", undoURL: DemoURLs.restore(blogID), undoBack: DemoURLs.blog(blogID)))
    }
}
