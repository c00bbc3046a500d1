import Tessera

// MARK: - Profile routes

extension DemoApp {
    /// The scenes of this feature group, mounted with sessions.
    static let profileScenes: [Scene.Type] = [UserScene.self, NewDraftScene.self, DraftEditorScene.self, TrashScene.self, TrashDeleteScene.self, ProfileEditScene.self]
}
