import Tessera

// MARK: - DraftFormComponent

/// The draft editor: title and body, Save and Publish, with field errors next to the fields.
///
/// Its actions: `POST /drafts` creates a draft (an empty one is refused), `POST /drafts/:id`
/// saves one ("Saved." in place, or as a one-time notice after a plain post),
/// `POST /drafts/:id/publish` publishes through ``PublishDraftFlow``, `POST /drafts/:id/delete`
/// deletes it and goes to the member's profile. The Publish button also
/// sends `intent=publish`, so a form posted to the create or save address (as the client script
/// does, ignoring `formaction`) publishes too.
final class DraftFormComponent: Component<DraftFormComponent.Model>, @unchecked Sendable {
    override class var actions: ActionTable {
        ActionTable()
            .on("create", path: createPath, maxBodySize: maxBodySize, DraftFormComponent.create)
            .on("save", path: savePath, maxBodySize: maxBodySize, DraftFormComponent.save)
            .on("publish", path: savePath + "/publish", maxBodySize: maxBodySize, DraftFormComponent.publish)
            .on("delete", path: savePath + "/delete", DraftFormComponent.delete)
    }

    /// The body limit: room for the fields' bytes percent-encoded (3 bytes each) and the rest.
    static let maxBodySize = 3 * (Draft.bodyField.maxBytes + Draft.titleField.maxBytes) + 4096

    /// Where a new draft is posted.
    static let createPath = DemoURLs.drafts
    /// Where a draft is saved (`:id` filled in).
    static let savePath = DemoURLs.drafts + "/:id"

    // MARK: - Configuration

    private let memberID: Int64
    private let editURL: @Sendable (Int64) -> String
    private let blogURL: @Sendable (Int64) -> String

    /// The form for `memberID`'s draft `draftID` (nil: a new one); after creating it goes to
    /// `editURL(id)`, after publishing to `blogURL(id)`.
    init(
        id: String, draftID: Int64?, memberID: Int64, editURL: @escaping @Sendable (Int64) -> String,
        blogURL: @escaping @Sendable (Int64) -> String
    ) {
        self.draftID = draftID
        self.memberID = memberID
        self.editURL = editURL
        self.blogURL = blogURL
        super.init(id: id)
    }

    // MARK: - State

    private var draftID: Int64?
    private var title = ""
    private var body = ""
    /// Whether an action set `title` and `body` (then `load` keeps them).
    private var hasInput = false
    private var problems: [String: String] = [:]
    /// The fields' problems as read (they name the length as typed, before a flood was cut).
    private var inputProblems: [String: String] = [:]
    private var saved = false
    private var published: PublishDraftFlow.Published?

    // MARK: - Life cycle

    /// The draft's text (someone else's or a missing draft is a 404), unless an action kept
    /// the member's input.
    override func load(_ scope: RequestScope) async throws {
        guard let draftID, !hasInput else { return }
        guard let draft = try await DraftStore(database: scope.database).draft(draftID, of: memberID) else {
            throw RequestError.notFound()
        }
        title = draft.title
        body = draft.body
    }

    override func viewModel() -> Model {
        Model(
            heading: draftID == nil ? "New draft" : "Edit draft",
            actionURL: draftID.map(Self.saveURL) ?? Self.createPath,
            publishURL: draftID.map { Self.saveURL($0) + "/publish" },
            deleteURL: draftID.map { Self.saveURL($0) + "/delete" },
            title: title,
            titleMaxLength: Draft.titleField.maxScalars,
            body: body,
            bodyMaxLength: Draft.bodyField.maxScalars,
            titleError: problems["title"],
            bodyError: problems["body"],
            formError: problems.isEmpty ? nil : "Please fix the marked fields.",
            saved: saved && problems.isEmpty
        )
    }

    /// The values the template reads.
    struct Model: TemplateModel {
        let heading: String
        let actionURL: String
        let publishURL: String?
        let deleteURL: String?
        let title: String
        let titleMaxLength: Int
        let body: String
        let bodyMaxLength: Int
        let titleError: String?
        let bodyError: String?
        let formError: String?
        let saved: Bool

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("heading") { $0.heading },
            TemplateKey("actionURL") { $0.actionURL },
            TemplateKey("publishURL") { $0.publishURL },
            TemplateKey("deleteURL") { $0.deleteURL },
            TemplateKey("title") { $0.title },
            TemplateKey("titleMaxLength") { $0.titleMaxLength },
            TemplateKey("body") { $0.body },
            TemplateKey("bodyMaxLength") { $0.bodyMaxLength },
            TemplateKey("titleError") { $0.titleError },
            TemplateKey("bodyError") { $0.bodyError },
            TemplateKey("formError") { $0.formError },
            TemplateKey("saved") { $0.saved },
        ]
    }

    override func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? {
        var event = proposed
        event.detail = published?.analyticsDetail ?? draftID.map { "draft \($0)" }
        return event
    }

    // MARK: - Actions

    /// Creates a draft and goes to its editor (or publishes it, with `intent=publish`).
    func create(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        readInput(context.form)
        problems = Draft.problems(title: title, body: body, publishing: false).merging(inputProblems) { $1 }
        if problems.isEmpty, title.isEmpty, body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems["title"] = "Write a title or some text before saving."
        }
        guard problems.isEmpty else { return .invalid }
        let id = try await DraftStore(database: context.database).create(
            for: userID, title: title, body: body, at: context.scope.demo.now())
        draftID = id  // from here on the form edits the stored draft, even if publishing is refused
        return wantsPublish(context) ? try await publish(id, by: userID, context) : .redirect(to: editURL(id))
    }

    /// Saves the draft in one transaction and shows "Saved" (or publishes, with `intent=publish`).
    func save(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let id = try context.path.id("id")
        readInput(context.form)
        if wantsPublish(context) { return try await publish(id, by: userID, context) }
        let store = DraftStore(database: context.database)
        guard try await store.draft(id, of: userID) != nil else { throw RequestError.notFound() }
        problems = Draft.problems(title: title, body: body, publishing: false).merging(inputProblems) { $1 }
        guard problems.isEmpty else { return .invalid }
        guard try await store.save(id, of: userID, title: title, body: body, at: context.scope.demo.now()) else {
            throw RequestError.notFound()
        }
        saved = true
        try await context.noticeAfterPlainPost(Notice("Saved."))
        return context.scope.wantsFragment ? .done : .redirect(to: editURL(id))
    }

    /// Deletes the draft for good and goes to the member's profile with a one-time notice;
    /// someone else's or a missing draft is a 404.
    func delete(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let id = try context.path.id("id")
        let store = DraftStore(database: context.database)
        guard let draft = try await store.draft(id, of: userID), try await store.delete(id, of: userID) else {
            throw RequestError.notFound()
        }
        try await context.noticeOnNextPage(Notice("“\(draft.displayTitle)” was deleted."))
        return .redirect(to: DemoURLs.user(userID))
    }

    /// Publishes the draft with the text just posted.
    func publish(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let id = try context.path.id("id")
        readInput(context.form)
        return try await publish(id, by: userID, context)
    }

    // MARK: - Private

    private static func saveURL(_ id: Int64) -> String { DemoURLs.drafts + "/\(id)" }

    private func readInput(_ form: Parameters) {
        let typedTitle = form.field(Draft.titleField)
        let typedBody = form.field(Draft.bodyField)
        title = typedTitle.value
        body = typedBody.value
        inputProblems = ["title": typedTitle.problem, "body": typedBody.problem].compactMapValues { $0 }
        hasInput = true
    }

    private func wantsPublish(_ context: ActionContext) -> Bool { context.form["intent"] == "publish" }

    private func publish(_ id: Int64, by userID: Int64, _ context: ActionContext) async throws -> ActionResult {
        let outcome = try await PublishDraftFlow.run(
            draft: id, title: title, body: body, by: userID, database: context.database, at: context.scope.demo.now())
        switch outcome {
        case .published(let result):
            published = result
            try await context.noticeOnNextPage(Notice("Your post is published."))
            return .redirect(to: blogURL(result.blogID))
        case .refused(let problems):
            self.problems = problems.merging(inputProblems) { $1 }
            return .invalid
        }
    }
}
