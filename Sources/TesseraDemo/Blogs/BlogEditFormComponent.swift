import Tessera

// MARK: - BlogEditFormComponent

/// The form that changes a published post's title and text, under the publishing rules
/// (``Draft/problems(title:body:publishing:)``). Saving goes back to the post with a one-time
/// notice; refused text comes back with the messages and the input kept. Its scene loads the
/// post and checks it is the member's before the form is made (with that post) to render or
/// save.
@Component
struct BlogEditFormComponent {
    /// `POST` to the scene's own address: saves the post.
    static let save = Action("save", path: "", BlogEditFormComponent.save)

    // MARK: - Configuration

    /// The post as stored (its scene loaded and checked it).
    let blog: Blog
    /// Where a post lives: the browser goes there after saving.
    let blogURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// Nothing to read: the form shows the stored title and text.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(PostFormFields(title: blog.title, body: blog.body), actionURL: scope.url(for: Self.save))
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
    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        var fields = PostFormFields(title: context.form.text("title"), body: context.form["body"] ?? "")
        fields.refuse(Draft.problems(title: fields.title, body: fields.body, publishing: true))
        guard fields.errors.isEmpty else { return .invalid(model(fields, actionURL: context.url(for: Self.save))) }
        guard try await BlogStore(database: context.database).update(blog.id, by: userID, title: fields.title, body: fields.body) else {
            throw RequestError.notFound()
        }
        return .redirect(to: blogURL(blog.id)).withNotice(Notice("Your changes are published."))
    }

    // MARK: - Private

    /// The form showing `fields` (the title and text, and their problems), posting to `actionURL`.
    private func model(_ fields: PostFormFields, actionURL: String) -> Model {
        Model(
            actionURL: actionURL, blogURL: blogURL(blog.id),
            fields: fields.model(idPrefix: "blog", hint: "Everyone can read the post. Leave a blank line between paragraphs."))
    }
}
