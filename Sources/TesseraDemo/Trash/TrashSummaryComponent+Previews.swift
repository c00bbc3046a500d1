import Tessera

// MARK: - Previews

extension TrashSummaryComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/users/1", fixtures: { db in try await DemoFixtures.member(db) }) {
                TrashSummaryComponent(id: "trash-summary", userID: 1, trashURL: DemoURLs.trash)
            },
            Preview("two in the trash", signedInAs: 1, sceneURL: "/users/1", fixtures: DemoFixtures.community) {
                TrashSummaryComponent(id: "trash-summary", userID: 1, trashURL: DemoURLs.trash)
            },
        ]
    }
}
