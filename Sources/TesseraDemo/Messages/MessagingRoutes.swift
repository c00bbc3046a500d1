import Tessera

// MARK: - Messaging routes

extension DemoApp {
    /// The scenes of this feature group, mounted with sessions.
    static let messagingScenes: [Scene.Type] = []
}
