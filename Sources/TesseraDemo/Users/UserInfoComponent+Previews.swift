import Tessera

// MARK: - Previews

extension UserInfoComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/users/1", id: "user-info", fixtures: DemoFixtures.community) {
                UserInfoComponent(user: DemoFixtures.user(), counts: seeded)
            },
            Preview("own profile", signedInAs: 1, sceneURL: "/users/1", id: "user-info", fixtures: DemoFixtures.community) {
                UserInfoComponent(user: DemoFixtures.user(), counts: seeded, editURL: DemoURLs.editUser(1))
            },
            Preview("hostile text", signedInAs: 2, sceneURL: "/users/1", id: "user-info", fixtures: DemoFixtures.hostileMember) {
                UserInfoComponent(
                    user: DemoFixtures.user(name: DemoFixtures.hostileText, bio: DemoFixtures.hostileText),
                    counts: ProfileCounts(posts: 0, likes: 0),
                    messageURL: DemoURLs.newMessage(to: 1))
            },
        ]
    }

    /// What the seeded community counts for the demo account (its scene reads them with the member).
    private static let seeded = ProfileCounts(posts: 10, likes: 30)
}
