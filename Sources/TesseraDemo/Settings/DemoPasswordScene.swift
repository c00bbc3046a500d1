import Tessera

// MARK: - DemoPasswordScene

/// Tessera's change-password page, where the demo's settings live: `/settings/security/password`.
final class DemoPasswordScene: PasswordScene {
    override class var path: String { "/settings/security/password" }
}
