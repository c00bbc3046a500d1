import Tessera

// MARK: - Previews

extension DraftListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/users/1", fixtures: { db in try await DemoFixtures.member(db) }) {
                DraftListComponent(id: "drafts", userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
            Preview("three drafts", signedInAs: 1, sceneURL: "/users/1", fixtures: DemoFixtures.community) {
                DraftListComponent(id: "drafts", userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
            Preview("hostile text", signedInAs: 1, sceneURL: "/users/1", fixtures: { db in
                    try await DemoFixtures.member(db)
                    try await Draft.insert(userID: 1, title: DemoFixtures.hostileText, body: DemoFixtures.longText, updatedAt: DemoSeed.epoch, into: db)
                }) {
                DraftListComponent(id: "drafts", userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)
            },
        ]
    }
}
