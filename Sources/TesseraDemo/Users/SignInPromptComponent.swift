import Tessera

// MARK: - SignInPromptComponent

/// A card asking a signed-out visitor to sign in, linking to the sign-in page that comes back.
final class SignInPromptComponent: Component, @unchecked Sendable {
    override var template: String { "Users/SignInPromptComponent" }

    // MARK: - Configuration

    private let message: String
    private let signInURL: String

    /// A prompt saying `message`, linking to `signInURL`.
    init(id: String, message: String, signInURL: String) {
        self.message = message
        self.signInURL = signInURL
        super.init(id: id)
    }

    // MARK: - Life cycle

    override func viewModel() -> any ViewModel {
        ["message": .string(message), "signInURL": .string(signInURL)]
    }
}
