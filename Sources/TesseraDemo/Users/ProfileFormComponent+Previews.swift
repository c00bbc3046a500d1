import Tessera

// MARK: - Previews

extension ProfileFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("own profile", signedInAs: 1, sceneURL: "/users/1/edit", fixtures: DemoFixtures.community) {
                ProfileFormComponent(id: "profile-form", profileID: 1, memberID: 1, profileURL: DemoURLs.user)
            },
            Preview("hostile text", signedInAs: 1, sceneURL: "/users/1/edit", fixtures: DemoFixtures.hostileMember) {
                ProfileFormComponent(id: "profile-form", profileID: 1, memberID: 1, profileURL: DemoURLs.user)
            },
        ]
    }
}
