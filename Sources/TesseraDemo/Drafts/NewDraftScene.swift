import Tessera

// MARK: - NewDraftScene

/// `GET /drafts/new`: the draft editor with an empty form. Its form posts to `POST /drafts`,
/// mounted once by ``DraftEditorScene`` (so it declares no component types of its own).
final class NewDraftScene: DraftEditorScene, @unchecked Sendable {
    override class var path: String { DemoURLs.newDraft }
    override class var componentTypes: [AnyComponent.Type] { [] }
}
