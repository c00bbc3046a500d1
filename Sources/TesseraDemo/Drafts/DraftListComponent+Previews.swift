import Tessera

// MARK: - Previews

extension DraftListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/users/1", id: "drafts", fixtures: { db in try await DemoFixtures.member(db) }) {
                DraftListComponent(userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
            Preview("three drafts", signedInAs: 1, sceneURL: "/users/1", id: "drafts", fixtures: DemoFixtures.community) {
                DraftListComponent(userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
            Preview("hostile text", signedInAs: 1, sceneURL: "/users/1", id: "drafts", fixtures: { db in
                    try await DemoFixtures.member(db)
                    try await Draft.insert(userID: 1, title: DemoFixtures.hostileText, body: DemoFixtures.longText, updatedAt: DemoSeed.epoch, into: db)
                }) {
                DraftListComponent(userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
        ]
    }
}
