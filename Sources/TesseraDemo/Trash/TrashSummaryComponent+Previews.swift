import Tessera

// MARK: - Previews

extension TrashSummaryComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/users/1", id: "trash-summary", fixtures: { db in try await DemoFixtures.member(db) }) {
                TrashSummaryComponent(userID: 1, trashURL: DemoURLs.trash)
            },
            Preview("two in the trash", signedInAs: 1, sceneURL: "/users/1", id: "trash-summary", fixtures: DemoFixtures.community) {
                TrashSummaryComponent(userID: 1, trashURL: DemoURLs.trash)
            },
        ]
    }
}
