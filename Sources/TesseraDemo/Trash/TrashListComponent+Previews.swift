import Tessera

// MARK: - Previews

extension TrashListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/trash", id: "trash-list", fixtures: { db in try await DemoFixtures.member(db) }) {
                TrashListComponent(ownerID: 1)
            },
            Preview("two in the trash", signedInAs: 1, sceneURL: "/trash", id: "trash-list", fixtures: DemoFixtures.community) {
                TrashListComponent(ownerID: 1)
            },
        ]
    }
}
