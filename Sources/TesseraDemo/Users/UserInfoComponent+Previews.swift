import Tessera

// MARK: - Previews

extension UserInfoComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/users/1", id: "user-info", fixtures: DemoFixtures.community) {
                UserInfoComponent(user: DemoFixtures.user())
            },
            Preview("own profile", signedInAs: 1, sceneURL: "/users/1", id: "user-info", fixtures: DemoFixtures.community) {
                UserInfoComponent(user: DemoFixtures.user(), editURL: DemoURLs.editUser(1))
            },
            Preview("hostile text", signedInAs: 2, sceneURL: "/users/1", id: "user-info", fixtures: DemoFixtures.hostileMember) {
                UserInfoComponent(
                    user: DemoFixtures.user(name: DemoFixtures.hostileText, bio: DemoFixtures.hostileText),
                    messageURL: DemoURLs.newMessage(to: 1))
            },
        ]
    }
}
