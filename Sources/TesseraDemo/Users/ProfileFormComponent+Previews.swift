import Tessera

// MARK: - Previews

extension ProfileFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures. The scene hands the form its member,
    /// so each preview does the same with the member its fixtures insert.
    static var previews: [Preview] {
        [
            Preview("own profile", signedInAs: 1, sceneURL: "/users/1/edit", id: "profile-form", fixtures: { db in try await DemoFixtures.member(db) }) {
                form(showing: DemoFixtures.user())
            },
            Preview("hostile text", signedInAs: 1, sceneURL: "/users/1/edit", id: "profile-form", fixtures: DemoFixtures.hostileMember) {
                form(showing: DemoFixtures.user(name: DemoFixtures.hostileText, bio: DemoFixtures.hostileText))
            },
        ]
    }

    // MARK: - Private

    private static func form(showing user: User) -> ProfileFormComponent {
        ProfileFormComponent(user: user, profileURL: DemoURLs.user)
    }
}
