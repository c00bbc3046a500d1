// MARK: - Previews

extension SignInFormComponent: Previewable {
    /// A visitor's form, and one coming back to a page.
    public static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: SignInScene.path, id: "sign-in") { SignInFormComponent() },
            Preview("coming back to a page", sceneURL: SignInScene.path, id: "sign-in", query: [("next", "/drafts")]) {
                SignInFormComponent()
            },
        ]
    }
}

extension SignUpFormComponent: Previewable {
    /// A visitor's form, and one coming back to a page.
    public static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: SignUpScene.path, id: "sign-up") { SignUpFormComponent() },
            Preview("coming back to a page", sceneURL: SignUpScene.path, id: "sign-up", query: [("next", "/drafts")]) {
                SignUpFormComponent()
            },
        ]
    }
}

extension PasswordFormComponent: Previewable {
    /// A member's form, as its first page and as sent to the client script.
    public static var previews: [Preview] {
        [
            Preview("signed in", signedInAs: 1, sceneURL: PasswordScene.path, id: "password") { PasswordFormComponent() },
            Preview("another member", signedInAs: 2, sceneURL: PasswordScene.path, id: "password") { PasswordFormComponent() },
        ]
    }
}
