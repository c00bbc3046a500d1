import Tessera

// MARK: - BlogEditFormComponent

/// The form that changes a published post's title and text, under the publishing rules
/// (``Draft/problems(title:body:publishing:)``). Saving goes back to the post with a one-time
/// notice; refused text comes back with the messages and the input kept. Its scene loads the
/// post and checks it is the member's (``show(_:)``) before the form renders or saves.
final class BlogEditFormComponent: Component<BlogEditFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address: saves the post.
    static let save = Action("save", path: "", BlogEditFormComponent.save)
    override class var actions: ActionTable {
        ActionTable().on(save)
    }

    // MARK: - Configuration

    private let blogID: Int64
    private let blogURL: @Sendable (Int64) -> String

    /// The form for post `blogID`; afterwards the browser goes to `blogURL(id)`.
    init(id: String, blogID: Int64, blogURL: @escaping @Sendable (Int64) -> String) {
        self.blogID = blogID
        self.blogURL = blogURL
        super.init(id: id)
    }

    // MARK: - State

    private var title = ""
    private var body = ""
    private var problems: [String: String] = [:]

    // MARK: - Life cycle

    /// Shows `blog`'s title and text (its scene loaded and checked it).
    func show(_ blog: Blog) {
        title = blog.title
        body = blog.body
    }

    override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.save),
            blogURL: blogURL(blogID),
            title: title,
            titleMaxLength: Draft.titleField.maxScalars,
            body: body,
            bodyMaxLength: Draft.bodyField.maxScalars,
            titleError: problems["title"],
            bodyError: problems["body"],
            formError: problems.isEmpty ? nil : "Please fix the marked fields."
        )
    }

    /// The values the template reads.
    struct Model: TemplateModel {
        let actionURL: String
        let blogURL: String
        let title: String
        let titleMaxLength: Int
        let body: String
        let bodyMaxLength: Int
        let titleError: String?
        let bodyError: String?
        let formError: String?

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("actionURL") { $0.actionURL },
            TemplateKey("blogURL") { $0.blogURL },
            TemplateKey("title") { $0.title },
            TemplateKey("titleMaxLength") { $0.titleMaxLength },
            TemplateKey("body") { $0.body },
            TemplateKey("bodyMaxLength") { $0.bodyMaxLength },
            TemplateKey("titleError") { $0.titleError },
            TemplateKey("bodyError") { $0.bodyError },
            TemplateKey("formError") { $0.formError },
        ]
    }

    // MARK: - Actions

    /// Saves the new title and text; 400 with the input kept when refused, 404 when the post
    /// is not the member's.
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        title = context.form.text("title")
        body = context.form["body"] ?? ""
        problems = Draft.problems(title: title, body: body, publishing: true)
        guard problems.isEmpty else { return .invalid }
        guard try await BlogStore(database: context.database).update(blogID, by: userID, title: title, body: body) else {
            throw RequestError.notFound()
        }
        try await context.noticeOnNextPage(Notice("Your changes are published."))
        return .redirect(to: blogURL(blogID))
    }
}
