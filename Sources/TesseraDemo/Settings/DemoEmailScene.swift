import Tessera

// MARK: - DemoEmailScene

/// Tessera's address page, under the settings beside the password.
final class DemoEmailScene: EmailScene {
    override class var path: String { "/settings/security/email" }
}
