import Tessera

// MARK: - Previews

extension ProfileFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures. The scene hands the form its member
    /// (``show(_:)``), so each preview does the same with the member its fixtures insert.
    static var previews: [Preview] {
        [
            Preview("own profile", signedInAs: 1, sceneURL: "/users/1/edit", fixtures: { db in try await DemoFixtures.member(db) }) {
                form(showing: DemoFixtures.user())
            },
            Preview("hostile text", signedInAs: 1, sceneURL: "/users/1/edit", fixtures: DemoFixtures.hostileMember) {
                form(showing: DemoFixtures.user(name: DemoFixtures.hostileText, bio: DemoFixtures.hostileText))
            },
        ]
    }

    // MARK: - Private

    private static func form(showing user: User) -> ProfileFormComponent {
        let form = ProfileFormComponent(id: "profile-form", profileID: 1, profileURL: DemoURLs.user)
        form.show(user)
        return form
    }
}
