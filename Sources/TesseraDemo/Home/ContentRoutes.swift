import Tessera

// MARK: - Content routes

extension DemoApp {
    /// The scenes of this feature group, mounted with sessions.
    static let contentScenes: [Scene.Type] = [HomeScene.self, BlogScene.self, PhotosScene.self, PhotoScene.self, BlogEditScene.self]
}
