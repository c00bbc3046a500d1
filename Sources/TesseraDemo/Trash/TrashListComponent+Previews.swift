import Tessera

// MARK: - Previews

extension TrashListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/trash", fixtures: { db in try await DemoFixtures.member(db) }) {
                TrashListComponent(id: "trash-list", ownerID: 1)
            },
            Preview("two in the trash", signedInAs: 1, sceneURL: "/trash", fixtures: DemoFixtures.community) {
                TrashListComponent(id: "trash-list", ownerID: 1)
            },
        ]
    }
}
