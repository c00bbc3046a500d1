import Tessera

// MARK: - Previews

extension PrioritiesComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("none", signedInAs: 1, sceneURL: "/", id: "priorities", fixtures: { db in try await DemoFixtures.member(db) }) {
                PrioritiesComponent(userID: 1)
            },
            Preview("four priorities", signedInAs: 1, sceneURL: "/", id: "priorities", fixtures: DemoFixtures.community) {
                PrioritiesComponent(userID: 1)
            },
        ]
    }
}
