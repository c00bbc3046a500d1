import Tessera

// MARK: - DraftEditorScene

/// `GET /drafts/:id/edit`: editing one of your drafts. It also answers the draft form's posts
/// (`POST /drafts`, `/drafts/:id`, `/drafts/:id/publish`); without an `:id` (creating) the form
/// is a new draft's. Signed in only (``MemberScene``); someone else's draft is a 404.
class DraftEditorScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/drafts/:id/edit" }
    override class var componentTypes: [AnyComponent.Type] { [DraftFormComponent.self] }
    override var memberTitle: String { draftID == nil ? "New draft" : "Edit draft" }

    // MARK: - State

    /// The draft being edited; nil for a new one.
    private(set) var draftID: Int64?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        try super.parseParameters(scope)
        if scope.path["id"] != nil { draftID = try scope.path.id("id") }
    }

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(DraftFormComponent(id: "draft-form", draftID: draftID, memberID: memberID, editURL: DemoURLs.editDraft, blogURL: DemoURLs.blog))
    }

    /// The editor's address; the new-draft page's when there is no draft yet.
    override func url(_ scope: RequestScope) -> String { draftID.map(DemoURLs.editDraft) ?? DemoURLs.newDraft }
}
