// MARK: - Previews

extension SignInFormComponent: Previewable {
    /// A visitor's form, and one coming back to a page.
    public static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: SignInScene.path) { SignInFormComponent(id: "sign-in") },
            Preview("coming back to a page", sceneURL: SignInScene.path, query: [("next", "/drafts")]) {
                SignInFormComponent(id: "sign-in")
            },
        ]
    }
}

extension SignUpFormComponent: Previewable {
    /// A visitor's form, and one coming back to a page.
    public static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: SignUpScene.path) { SignUpFormComponent(id: "sign-up") },
            Preview("coming back to a page", sceneURL: SignUpScene.path, query: [("next", "/drafts")]) {
                SignUpFormComponent(id: "sign-up")
            },
        ]
    }
}

extension PasswordFormComponent: Previewable {
    /// A member's form, as its first page and as sent to the client script.
    public static var previews: [Preview] {
        [
            Preview("signed in", signedInAs: 1, sceneURL: PasswordScene.path) { PasswordFormComponent(id: "password") },
            Preview("another member", signedInAs: 2, sceneURL: PasswordScene.path) { PasswordFormComponent(id: "password") },
        ]
    }
}
