import Tessera

// MARK: - CommentFormComponent

/// The form under a post that adds a comment (a sign-in link for visitors). Posting shows the
/// form again saying so, and refreshes the comment list and the post's comment count elsewhere
/// on the page in the same response (`.updating`); without JavaScript the page comes back at
/// the new comment.
@Component
struct CommentFormComponent {
    /// `POST <scene>/comments`: posts a comment.
    static let comment = Action("comment", path: "comments", CommentFormComponent.post)
    /// A visitor's sign-in link is the same for every visitor: kept once. A member's form holds
    /// a form token, so it is never kept.
    static var caching: FragmentCaching { .perUser }

    // MARK: - Configuration

    /// The post the comments belong to.
    let blogID: Int64
    /// Where visitors go to sign in (and come back).
    let signInURL: String
    /// The post's page: plain posts go back to it, at the new comment.
    let pageURL: String

    // MARK: - Life cycle

    /// Nothing to read: an empty form for members, the sign-in link for visitors.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(signedIn: scope.userID != nil, actionURL: scope.url(for: Self.comment))
    }

    /// The values the template reads: the text field, drawn by `Tessera/Field`, and its
    /// summary when refused.
    @TemplateModel
    struct Model {
        let signedIn: Bool
        let signInURL: String
        let actionURL: String
        @TemplateIgnored let text: String
        @TemplateIgnored let errors: FormErrors<Comment.Field>
        let posted: Bool

        var textField: FormField {
            FormField.textArea(Comment.textField, label: "Add a comment", value: text, error: errors[.text], rows: 3, required: false, idPrefix: "comment-")
        }
        var summary: ErrorSummary { ErrorSummary([textField]) }
    }

    // MARK: - Actions

    /// Adds the comment: 400 with the text kept when it is empty or too long; 404 when the
    /// post is gone. A script gets the form saying "posted", the list (the comment marked) and
    /// the stats; a plain post goes back to the page at the comment.
    func post(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let actionURL = context.url(for: Self.comment)
        let text = context.form["text"] ?? ""
        var errors = FormErrors<Comment.Field>()
        errors[.text] = Comment.problem(with: text)
        guard errors.isEmpty else { return .invalid(model(signedIn: true, actionURL: actionURL, text: text, errors: errors)) }
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = try await CommentStore(database: context.database).add(
            to: blogID, by: userID, body: body, at: context.request.demo.now())
        else { throw RequestError.notFound() }
        guard context.request.wantsFragment else { return .redirect(to: pageURL + "#comment-\(id)") }
        return ActionResult.showing(model(signedIn: true, actionURL: actionURL, posted: true))
            .updating(CommentListComponent.self, BlogStatsComponent.self).focusing("comment-\(id)")
    }

    // MARK: - Private

    /// The form holding `text` with `errors`, saying whether a comment was just `posted`.
    private func model(
        signedIn: Bool, actionURL: String, text: String = "", errors: FormErrors<Comment.Field> = FormErrors(), posted: Bool = false
    ) -> Model {
        Model(signedIn: signedIn, signInURL: signInURL, actionURL: actionURL, text: text, errors: errors, posted: posted)
    }
}
