import Synchronization

// MARK: - SceneLinkPatterns

/// Each scene type's ``Scene/link(_:)-(Int64)`` text around the id, made on first use: lists
/// build a link or two per row, each then a concatenation rather than a path filled anew.
final class SceneLinkPatterns: Sendable {
    /// The one cache (paths are class properties: fixed for the life of the process).
    static let shared = SceneLinkPatterns()

    private let cache = Mutex<[ObjectIdentifier: (before: String, after: String?)]>([:])

    /// The text before and after the id in `scene`'s one-id links.
    func around(_ scene: Scene.Type) -> (before: String, after: String?) {
        let key = ObjectIdentifier(scene)
        if let known = cache.withLock({ $0[key] }) { return known }
        let made = scene.oneIDLink()
        cache.withLock { $0[key] = made }
        return made
    }
}
