import Tessera

// MARK: - DraftEditorScene

/// `GET /drafts/:id/edit`: editing one of your drafts. It also answers the draft form's posts
/// (`POST /drafts/:id/edit`, `…/publish`, `…/delete`); without an `:id` (``NewDraftScene``) the
/// form is a new draft's. Signed in only (``MemberScene``); someone else's draft is a 404,
/// checked once in ``loadData(_:)`` before the form shows, saves, publishes or deletes it.
class DraftEditorScene: MemberScene {
    override class var path: String { "/drafts/:id/edit" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            memberSlot("draft-form") { scene, _ in
                DraftFormComponent(draft: scene.draft, editURL: DemoURLs.editDraft, blogURL: DemoURLs.blog)
            }
        ]
    }
    override var memberTitle: String { draftID == nil ? "New draft" : "Edit draft" }

    // MARK: - State

    /// The draft being edited; nil for a new one.
    private(set) var draftID: Int64?
    /// The draft as stored, once ``loadData(_:)`` found it is the member's; the form shows it.
    private var draft: Draft?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        try super.parseParameters(scope)
        if scope.path["id"] != nil { draftID = try scope.path.id("id") }
    }

    /// The draft being edited, which must be the member's (else a 404); the form shows it.
    override func loadData(_ scope: RequestScope) async throws {
        guard let draftID else { return }
        guard let memberID = scope.userID, let draft = try await DraftStore(database: scope.database).draft(draftID, of: memberID)
        else { throw RequestError.notFound() }
        self.draft = draft
    }
}
