import Tessera

// MARK: - BlogDetailComponent

/// The post: title, author, date and body; its author also gets an Edit link and the "Move to
/// trash" button, whose action moves the post to the trash and goes to the author's profile
/// with a one-time notice that offers Undo.
final class BlogDetailComponent: Component<BlogDetailComponent.Model>, @unchecked Sendable {
    override var rootElement: String { "article" }
    override var rootClass: String? { "blog-detail" }
    /// `POST <scene>/trash`: moves the post to the trash.
    static let trash = Action("trash", BlogDetailComponent.trash)
    override class var actions: ActionTable {
        ActionTable().on(trash)
    }

    // MARK: - Configuration

    private let blogID: Int64
    /// Where a member's profile lives.
    private let userURL: @Sendable (Int64) -> String
    /// Where a post is edited.
    private let editURL: @Sendable (Int64) -> String

    // MARK: - State

    private var blog: Blog?
    private var authorName: String?
    private var isAuthor = false

    /// The post `blogID`, linking its author with `userURL` and its editor with `editURL`.
    init(
        id: String, blogID: Int64, userURL: @escaping @Sendable (Int64) -> String,
        editURL: @escaping @Sendable (Int64) -> String
    ) {
        self.blogID = blogID
        self.userURL = userURL
        self.editURL = editURL
        super.init(id: id)
    }

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        guard let post = try await BlogStore(database: scope.database).post(blogID) else { throw RequestError.notFound() }
        blog = post.blog
        authorName = post.authorName
        isAuthor = post.blog.isWritten(by: scope.userID)
    }

    override func viewModel() -> Model {
        Model(
            blog: blog, authorName: authorName ?? "A former member",
            authorURL: blog.map { userURL($0.userID) } ?? "", isAuthor: isAuthor, trashURL: url(for: Self.trash),
            editURL: blog.map { editURL($0.id) } ?? "")
    }

    /// The values the template reads (the post is there whenever the template renders: a
    /// missing one is a 404).
    @TemplateModel
    struct Model {
        private let blog: Blog?
        let authorName: String
        let authorURL: String
        let isAuthor: Bool
        let trashURL: String
        let editURL: String

        init(blog: Blog?, authorName: String, authorURL: String, isAuthor: Bool, trashURL: String, editURL: String) {
            self.blog = blog
            self.authorName = authorName
            self.authorURL = authorURL
            self.isAuthor = isAuthor
            self.trashURL = trashURL
            self.editURL = editURL
        }
        var title: String { blog?.title ?? "" }
        var date: String { blog.map { DisplayText.date($0.createdAt) } ?? "" }
        var isoDate: String { blog.map { DisplayText.isoDate($0.createdAt) } ?? "" }
        var paragraphs: [String] { blog?.paragraphs ?? [] }
    }

    // MARK: - Actions

    /// Moves the post to the trash; only its author may (anyone else gets a 404, as if the post
    /// were not there), then shows the author's profile.
    func trash(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let store = BlogStore(database: context.database)
        guard let blog = try await store.blog(blogID), blog.isWritten(by: userID),
            try await store.trash(blogID, by: userID, at: context.scope.demo.now())
        else { throw RequestError.notFound() }
        return .redirect(to: userURL(userID)).withNotice(
            Notice("“\(blog.title)” was moved to the trash.", undoURL: DemoURLs.restore(blogID), undoBack: DemoURLs.blog(blogID)))
    }
}
