import Tessera

// MARK: - CommentFormComponent

/// The form under a post that adds a comment (a sign-in link for visitors). Posting refreshes
/// the comment list and the post's comment count elsewhere on the page in the same response
/// (`.updating`); without JavaScript the page comes back at its comments.
final class CommentFormComponent: Component<CommentFormComponent.Model>, @unchecked Sendable {
    /// `POST <scene>/comments`: posts a comment.
    static let comment = Action("comment", path: "comments", CommentFormComponent.post)
    override class var actions: ActionTable {
        ActionTable().on(comment)
    }

    // MARK: - Configuration

    private let thread: CommentThread
    private let signInURL: String
    private let pageURL: String

    /// A form for `thread`'s post; after posting it sends the comment list and the stats (the
    /// comment count) along, loaded again. Visitors get a link to `signInURL`; plain posts go
    /// back to `pageURL`'s comments.
    init(id: String, thread: CommentThread, signInURL: String, pageURL: String) {
        self.thread = thread
        self.signInURL = signInURL
        self.pageURL = pageURL
        super.init(id: id)
    }

    // MARK: - State

    private var text = ""
    private var errors = FormErrors<Comment.Field>()
    private var posted = false
    private var signedIn = false

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        signedIn = scope.userID != nil
    }

    override func viewModel() -> Model {
        Model(
            signedIn: signedIn,
            signInURL: signInURL,
            actionURL: url(for: Self.comment),
            text: text,
            errors: errors,
            posted: posted,
            maxLength: Comment.textField.maxScalars
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let signedIn: Bool
        let signInURL: String
        let actionURL: String
        let text: String
        let errors: FormErrors<Comment.Field>
        let posted: Bool
        let maxLength: Int
    }

    // MARK: - Actions

    /// Adds the comment: 400 with the text kept when it is empty or too long; 404 when the
    /// post is gone.
    func post(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        signedIn = true
        text = context.form["text"] ?? ""
        errors[.text] = Comment.problem(with: text)
        guard errors.isEmpty else { return .invalid }
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = try await CommentStore(database: context.database).add(
            to: thread.blogID, by: userID, body: body, at: context.scope.demo.now())
        else { throw RequestError.notFound() }
        thread.postedID = id
        text = ""
        posted = true
        guard context.scope.wantsFragment else { return .redirect(to: pageURL + "#comment-\(id)") }
        return ActionResult.done.updating(CommentListComponent.self, BlogStatsComponent.self)
    }
}
