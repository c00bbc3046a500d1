import Tessera

// MARK: - DraftFormComponent

/// The draft editor: title and body, Save and Publish, with field errors next to the fields.
///
/// Its actions, relative to its scene (`/drafts/new` or `/drafts/:id/edit`): `POST` to the
/// scene's address creates a new draft (an empty one is refused) or saves the draft being
/// edited (a "Saved." notice, in place or on the next page); `publish` publishes
/// through ``PublishDraftFlow`` (creating the draft first on the new-draft page); `delete`
/// deletes it and goes to the member's profile. The Publish button also sends
/// `intent=publish`, so a form posted to the save address (as the client script does, ignoring
/// `formaction`) publishes too. The scene loads the draft and checks it is the member's before
/// any of these run, and hands it to the form.
@Component
struct DraftFormComponent {
    /// `POST` to the scene's own address, `POST <scene>/publish`, `POST <scene>/delete`.
    static let save = Action("save", path: "", maxBodySize: maxBodySize, DraftFormComponent.save)
    static let publish = Action("publish", maxBodySize: maxBodySize, DraftFormComponent.publish)
    static let delete = Action("delete", DraftFormComponent.delete)

    /// The body limit: room for the fields' bytes percent-encoded (3 bytes each) and the rest.
    static let maxBodySize = 3 * (Draft.bodyField.maxBytes + Draft.titleField.maxBytes) + 4096

    // MARK: - Configuration

    /// The draft as stored, which its scene loaded and checked is the member's; nil for a new one.
    private let draft: Draft?
    private let editURL: @Sendable (Int64) -> String
    private let blogURL: @Sendable (Int64) -> String

    /// The form for the member's `draft` (nil: a new one); after creating a draft it goes to
    /// `editURL(id)`, after publishing to `blogURL(id)`.
    init(draft: Draft?, editURL: @escaping @Sendable (Int64) -> String, blogURL: @escaping @Sendable (Int64) -> String) {
        self.draft = draft
        self.editURL = editURL
        self.blogURL = blogURL
    }

    /// The draft being edited; nil for a new one.
    private var draftID: Int64? { draft?.id }

    // MARK: - Life cycle

    /// The draft's text as stored (empty for a new one); no query: the scene loaded it.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(sceneURL: scope.sceneURL, draftID: draftID, fields: PostFormFields(title: draft?.title ?? "", body: draft?.body ?? ""))
    }

    /// The values the template reads: its own, then the shared title and text fields'.
    @TemplateModel
    struct Model {
        let heading: String
        let actionURL: String
        let publishURL: String?
        let deleteURL: String?
        @TemplateIncluded let fields: PostFormFields.Model
    }

    /// Records which draft an action was about. (What publishing made of it, `draft 1 → blog
    /// 73`, is not known here: the component is the one made before the action ran.)
    func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? {
        var event = proposed
        event.detail = proposed.detail ?? draftID.map { "draft \($0)" }
        return event
    }

    // MARK: - Actions

    /// Creates the new draft, or saves the one being edited.
    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let input = Input(context.form)
        guard let draftID else { return try await create(input, by: userID, context) }
        if wantsPublish(context) { return try await publish(draftID, input, by: userID, context) }
        return try await saveDraft(draftID, input, by: userID, context)
    }

    /// Publishes the draft with the text just posted (creating it first on the new-draft page).
    func publish(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let input = Input(context.form)
        guard let draftID else { return try await create(input, by: userID, context) }
        return try await publish(draftID, input, by: userID, context)
    }

    /// Deletes the draft for good and goes to the member's profile with a one-time notice;
    /// on the new-draft page (no draft yet) a 404.
    func delete(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        guard let draft, try await DraftStore(database: context.database).delete(draft.id, of: userID) else {
            throw RequestError.notFound()
        }
        return .redirect(to: DemoURLs.user(userID)).withNotice(Notice("“\(draft.displayTitle)” was deleted."))
    }

    // MARK: - Private

    /// Creates a draft and goes to its editor (or publishes it, with `intent=publish`).
    private func create(_ input: Input, by userID: Int64, _ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        var problems = input.problems(publishing: false)
        if problems.isEmpty, input.title.isEmpty, input.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems[.title] = "Write a title or some text before saving."
        }
        guard problems.isEmpty else { return refused(input, problems, draftID: nil, context) }
        let id = try await DraftStore(database: context.database).create(
            for: userID, title: input.title, body: input.body, at: context.request.demo.now())
        // From here on the form edits the stored draft, even if publishing is refused.
        return wantsPublish(context) ? try await publish(id, input, by: userID, context) : .redirect(to: editURL(id))
    }

    /// Saves the draft in one transaction and shows "Saved".
    private func saveDraft(_ id: Int64, _ input: Input, by userID: Int64, _ context: ComponentScope<Self>) async throws
        -> ActionResult<Model>
    {
        let problems = input.problems(publishing: false)
        guard problems.isEmpty else { return refused(input, problems, draftID: id, context) }
        let store = DraftStore(database: context.database)
        guard try await store.save(id, of: userID, title: input.title, body: input.body, at: context.request.demo.now()) else {
            throw RequestError.notFound()
        }
        return (context.request.wantsFragment ? ActionResult.done : .redirect(to: editURL(id))).withNotice(Notice("Saved."))
    }

    /// Publishes draft `id` with `input` through ``PublishDraftFlow``.
    private func publish(_ id: Int64, _ input: Input, by userID: Int64, _ context: ComponentScope<Self>) async throws
        -> ActionResult<Model>
    {
        let outcome = try await PublishDraftFlow.run(
            draft: id, title: input.title, body: input.body, by: userID, database: context.database, at: context.request.demo.now())
        switch outcome {
        case .published(let result):
            return .redirect(to: blogURL(result.blogID)).withNotice(Notice("Your post is published.")).recording(detail: result.analyticsDetail)
        case .refused(let problems):
            return refused(input, problems.merging(input.readProblems) { $1 }, draftID: id, context)
        }
    }

    private func wantsPublish(_ context: ComponentScope<Self>) -> Bool {
        context.form["intent"] == "publish" || context.actionName == "publish"
    }

    /// The form again with `input` exactly as typed and `problems` next to its fields, for
    /// draft `draftID` (nil: still not stored).
    private func refused(_ input: Input, _ problems: [Draft.Field: String], draftID: Int64?, _ context: ComponentScope<Self>)
        -> ActionResult<Model>
    {
        var fields = PostFormFields(title: input.title, body: input.body)
        fields.refuse(problems)
        return .invalid(model(sceneURL: context.sceneURL, draftID: draftID, fields: fields))
    }

    /// The form showing `fields`, for draft `draftID` (nil: a new one), in the scene at
    /// `sceneURL`: what ``load(_:)`` shows and what a refused action shows.
    private func model(sceneURL: String, draftID: Int64?, fields: PostFormFields) -> Model {
        // A new draft created in this request (publishing it was refused) is edited at its
        // editor's address from now on.
        let formURL: String
        if self.draftID == nil, let draftID {
            formURL = editURL(draftID)
        } else {
            formURL = sceneURL
        }
        return Model(
            heading: draftID == nil ? "New draft" : "Edit draft",
            actionURL: Self.save.url(in: formURL),
            publishURL: draftID.map { _ in Self.publish.url(in: formURL) },
            deleteURL: draftID.map { _ in Self.delete.url(in: formURL) },
            fields: fields.model(idPrefix: "draft", hint: "Only you can see a draft. Leave a blank line between paragraphs.")
        )
    }

    // MARK: - Input

    /// The title and text as posted, read by the fields' rules.
    private struct Input {
        /// The title as typed (cut only when a flood broke the field's limits).
        let title: String
        /// The text as typed.
        let body: String
        /// The fields' problems as read (they name the length as typed, before a flood was cut).
        let readProblems: [Draft.Field: String]

        init(_ form: Parameters) {
            let typedTitle = form.field(Draft.titleField)
            let typedBody = form.field(Draft.bodyField)
            title = typedTitle.value
            body = typedBody.value
            readProblems = [.title: typedTitle.problem, .body: typedBody.problem].compactMapValues { $0 }
        }

        /// The draft rules' problems for this text, those found while reading winning.
        func problems(publishing: Bool) -> [Draft.Field: String] {
            Draft.problems(title: title, body: body, publishing: publishing).merging(readProblems) { $1 }
        }
    }
}
