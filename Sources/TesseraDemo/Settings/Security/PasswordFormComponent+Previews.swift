import Tessera

// MARK: - Previews

extension PasswordFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("signed in", signedInAs: 1, sceneURL: "/settings/security/password", fixtures: DemoFixtures.community) {
                PasswordFormComponent(id: "password", changedURL: DemoURLs.password)
            },
            Preview("hostile member", signedInAs: 1, sceneURL: "/settings/security/password", fixtures: DemoFixtures.hostileMember) {
                PasswordFormComponent(id: "password", changedURL: DemoURLs.password)
            },
        ]
    }
}
