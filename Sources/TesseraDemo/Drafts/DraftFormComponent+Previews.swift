import Tessera

// MARK: - Previews

extension DraftFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("new draft", signedInAs: 1, sceneURL: "/drafts/new", fixtures: { db in try await DemoFixtures.member(db) }) {
                DraftFormComponent(id: "draft-form", draftID: nil, memberID: 1, editURL: DemoURLs.editDraft, blogURL: DemoURLs.blog)
            },
            Preview("existing draft", signedInAs: 1, sceneURL: "/drafts/1/edit", fixtures: DemoFixtures.community) {
                DraftFormComponent(id: "draft-form", draftID: 1, memberID: 1, editURL: DemoURLs.editDraft, blogURL: DemoURLs.blog)
            },
        ]
    }
}
