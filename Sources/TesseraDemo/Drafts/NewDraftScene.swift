import Tessera

// MARK: - NewDraftScene

/// `GET /drafts/new`: the draft editor with an empty form. Its form posts to the same address
/// (creating the draft) and to `/drafts/new/publish`; the same composition as
/// ``DraftEditorScene``, under its own path.
final class NewDraftScene: DraftEditorScene {
    override class var path: String { "/drafts/new" }
}
