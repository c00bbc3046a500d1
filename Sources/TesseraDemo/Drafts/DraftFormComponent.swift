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
/// any of these run (``show(_:)``).
final class DraftFormComponent: Component<DraftFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address, `POST <scene>/publish`, `POST <scene>/delete`.
    static let save = Action("save", path: "", maxBodySize: maxBodySize, DraftFormComponent.save)
    static let publish = Action("publish", maxBodySize: maxBodySize, DraftFormComponent.publish)
    static let delete = Action("delete", DraftFormComponent.delete)
    override class var actions: ActionTable { ActionTable().on(save).on(publish).on(delete) }

    /// The body limit: room for the fields' bytes percent-encoded (3 bytes each) and the rest.
    static let maxBodySize = 3 * (Draft.bodyField.maxBytes + Draft.titleField.maxBytes) + 4096

    // MARK: - Configuration

    private let memberID: Int64
    /// Whether the form started as a new draft's.
    private let startedNew: Bool
    private let editURL: @Sendable (Int64) -> String
    private let blogURL: @Sendable (Int64) -> String

    /// The form for `memberID`'s draft `draftID` (nil: a new one); after creating it goes to
    /// `editURL(id)`, after publishing to `blogURL(id)`.
    init(
        id: String, draftID: Int64?, memberID: Int64, editURL: @escaping @Sendable (Int64) -> String,
        blogURL: @escaping @Sendable (Int64) -> String
    ) {
        self.draftID = draftID
        startedNew = draftID == nil
        self.memberID = memberID
        self.editURL = editURL
        self.blogURL = blogURL
        super.init(id: id)
    }

    // MARK: - State

    private var draftID: Int64?
    /// The draft as stored, shown by the scene (nil for a new one).
    private var stored: Draft?
    /// The title and text shown, and their problems.
    private var fields = PostFormFields()
    /// The fields' problems as read (they name the length as typed, before a flood was cut).
    private var inputProblems: [Draft.Field: String] = [:]
    private var published: PublishDraftFlow.Published?

    // MARK: - Life cycle

    /// Shows `draft`'s text (its scene loaded it and checked it is the member's).
    func show(_ draft: Draft) {
        stored = draft
        fields.title = draft.title
        fields.body = draft.body
    }

    override func viewModel() -> Model {
        Model(
            heading: draftID == nil ? "New draft" : "Edit draft",
            actionURL: Self.save.url(in: formSceneURL),
            publishURL: draftID.map { _ in Self.publish.url(in: formSceneURL) },
            deleteURL: draftID.map { _ in Self.delete.url(in: formSceneURL) },
            fields: fields.model(
                idPrefix: "draft", hint: "Only you can see a draft. Leave a blank line between paragraphs.")
        )
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

    /// The address the form's actions are under: its scene's, or the editor's once a new draft
    /// was created in this request (publishing it was refused).
    private var formSceneURL: String {
        guard startedNew, let draftID else { return sceneURL }
        return editURL(draftID)
    }

    override func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? {
        var event = proposed
        event.detail = published?.analyticsDetail ?? draftID.map { "draft \($0)" }
        return event
    }

    // MARK: - Actions

    /// Creates the new draft, or saves the one being edited.
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        readInput(context.form)
        guard let draftID else { return try await create(by: userID, context) }
        return try await saveDraft(draftID, by: userID, context)
    }

    /// Creates a draft and goes to its editor (or publishes it, with `intent=publish`).
    private func create(by userID: Int64, _ context: ActionContext) async throws -> ActionResult {
        fields.refuse(Draft.problems(title: fields.title, body: fields.body, publishing: false).merging(inputProblems) { $1 })
        if fields.errors.isEmpty, fields.title.isEmpty, fields.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            fields.errors[.title] = "Write a title or some text before saving."
        }
        guard fields.errors.isEmpty else { return .invalid }
        let id = try await DraftStore(database: context.database).create(
            for: userID, title: fields.title, body: fields.body, at: context.scope.demo.now())
        draftID = id  // from here on the form edits the stored draft, even if publishing is refused
        return wantsPublish(context) ? try await publish(id, by: userID, context) : .redirect(to: editURL(id))
    }

    /// Saves the draft in one transaction and shows "Saved" (or publishes, with `intent=publish`).
    private func saveDraft(_ id: Int64, by userID: Int64, _ context: ActionContext) async throws -> ActionResult {
        if wantsPublish(context) { return try await publish(id, by: userID, context) }
        let store = DraftStore(database: context.database)
        fields.refuse(Draft.problems(title: fields.title, body: fields.body, publishing: false).merging(inputProblems) { $1 })
        guard fields.errors.isEmpty else { return .invalid }
        guard try await store.save(id, of: userID, title: fields.title, body: fields.body, at: context.scope.demo.now()) else {
            throw RequestError.notFound()
        }
        return (context.scope.wantsFragment ? ActionResult.done : .redirect(to: editURL(id))).withNotice(Notice("Saved."))
    }

    /// Deletes the draft for good and goes to the member's profile with a one-time notice;
    /// on the new-draft page (no draft yet) a 404.
    func delete(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        guard let id = draftID, try await DraftStore(database: context.database).delete(id, of: userID) else {
            throw RequestError.notFound()
        }
        return .redirect(to: DemoURLs.user(userID)).withNotice(Notice("“\(stored?.displayTitle ?? "Untitled draft")” was deleted."))
    }

    /// Publishes the draft with the text just posted (creating it first on the new-draft page).
    func publish(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        readInput(context.form)
        guard let draftID else { return try await create(by: userID, context) }
        return try await publish(draftID, by: userID, context)
    }

    // MARK: - Private

    private func readInput(_ form: Parameters) {
        let typedTitle = form.field(Draft.titleField)
        let typedBody = form.field(Draft.bodyField)
        fields.title = typedTitle.value
        fields.body = typedBody.value
        inputProblems = [.title: typedTitle.problem, .body: typedBody.problem].compactMapValues { $0 }
    }

    private func wantsPublish(_ context: ActionContext) -> Bool {
        context.form["intent"] == "publish" || context.name == "publish"
    }

    private func publish(_ id: Int64, by userID: Int64, _ context: ActionContext) async throws -> ActionResult {
        let outcome = try await PublishDraftFlow.run(
            draft: id, title: fields.title, body: fields.body, by: userID, database: context.database, at: context.scope.demo.now())
        switch outcome {
        case .published(let result):
            published = result
            return .redirect(to: blogURL(result.blogID)).withNotice(Notice("Your post is published."))
        case .refused(let problems):
            fields.refuse(problems.merging(inputProblems) { $1 })
            return .invalid
        }
    }
}
