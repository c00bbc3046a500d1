import Tessera

// MARK: - Previews

extension SignUpFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/signup") {
                SignUpFormComponent(id: "sign-up")
            },
            Preview("coming back to a page", sceneURL: "/signup", query: [("next", "/drafts")]) {
                SignUpFormComponent(id: "sign-up")
            },
        ]
    }
}
