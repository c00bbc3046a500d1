import Tessera

// MARK: - Previews

extension DraftListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/users/1", fixtures: { db in try DemoFixtures.member(db) }) {
                DraftListComponent(id: "drafts", userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
            Preview("three drafts", signedInAs: 1, sceneURL: "/users/1", fixtures: DemoFixtures.community) {
                DraftListComponent(id: "drafts", userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
            Preview("hostile text", signedInAs: 1, sceneURL: "/users/1", fixtures: { db in
                    try DemoFixtures.member(db)
                    try Draft(id: 1, userID: 1, title: DemoFixtures.hostileText, body: DemoFixtures.longText, updatedAt: DemoSeed.epoch).insert(db)
                }) {
                DraftListComponent(id: "drafts", userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
        ]
    }
}
