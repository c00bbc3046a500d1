import Tessera

// MARK: - Previews

extension UserInfoComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/users/1", fixtures: DemoFixtures.community) {
                UserInfoComponent(id: "user-info", subject: ProfileSubject(user: DemoFixtures.user()))
            },
            Preview("own profile", signedInAs: 1, sceneURL: "/users/1", fixtures: DemoFixtures.community) {
                UserInfoComponent(id: "user-info", subject: ProfileSubject(user: DemoFixtures.user()), editURL: DemoURLs.editUser(1))
            },
            Preview("hostile text", signedInAs: 2, sceneURL: "/users/1", fixtures: DemoFixtures.hostileMember) {
                UserInfoComponent(
                    id: "user-info", subject: ProfileSubject(user: DemoFixtures.user(name: DemoFixtures.hostileText, bio: DemoFixtures.hostileText)),
                    messageURL: DemoURLs.newMessage(to: 1))
            },
        ]
    }
}
