import Tessera

// MARK: - Previews

extension DraftFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("new draft", signedInAs: 1, sceneURL: "/drafts/new", id: "draft-form", fixtures: { db in try await DemoFixtures.member(db) }) {
                DraftFormComponent(draft: nil, editURL: DemoURLs.editDraft, blogURL: DemoURLs.blog)
            },
            Preview("existing draft", signedInAs: 1, sceneURL: "/drafts/1/edit", id: "draft-form", fixtures: DemoFixtures.community) {
                // Draft 1 as its scene hands it over, its text left empty: the form of a stored draft.
                DraftFormComponent(
                    draft: Draft(id: 1, userID: 1, title: "", body: "", updatedAt: DemoSeed.epoch), editURL: DemoURLs.editDraft,
                    blogURL: DemoURLs.blog)
            },
        ]
    }
}
