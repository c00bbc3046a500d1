import Tessera

// MARK: - Previews

extension SignInFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/signin") {
                SignInFormComponent(id: "sign-in")
            },
            Preview("coming back to a page", sceneURL: "/signin", query: [("next", "/drafts")]) {
                SignInFormComponent(id: "sign-in")
            },
        ]
    }
}
