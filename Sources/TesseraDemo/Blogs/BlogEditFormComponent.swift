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

    /// The title and text shown, and their problems.
    private var fields = PostFormFields()

    // MARK: - Life cycle

    /// Shows `blog`'s title and text (its scene loaded and checked it).
    func show(_ blog: Blog) {
        fields.title = blog.title
        fields.body = blog.body
    }

    override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.save), blogURL: blogURL(blogID),
            fields: fields.model(idPrefix: "blog", hint: "Everyone can read the post. Leave a blank line between paragraphs."))
    }

    /// The values the template reads: its own, then the shared title and text fields'.
    @TemplateModel
    struct Model {
        let actionURL: String
        let blogURL: String
        @TemplateIncluded let fields: PostFormFields.Model
    }

    // MARK: - Actions

    /// Saves the new title and text; 400 with the input kept when refused, 404 when the post
    /// is not the member's.
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        fields.title = context.form.text("title")
        fields.body = context.form["body"] ?? ""
        fields.refuse(Draft.problems(title: fields.title, body: fields.body, publishing: true))
        guard fields.errors.isEmpty else { return .invalid }
        guard try await BlogStore(database: context.database).update(blogID, by: userID, title: fields.title, body: fields.body) else {
            throw RequestError.notFound()
        }
        return .redirect(to: blogURL(blogID)).withNotice(Notice("Your changes are published."))
    }
}
