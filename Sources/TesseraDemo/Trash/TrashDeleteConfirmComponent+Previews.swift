import Tessera

// MARK: - Previews

extension TrashDeleteConfirmComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("in the trash", signedInAs: 1, sceneURL: "/trash/1/delete", id: "confirm-delete", fixtures: { db in try await DemoFixtures.blog(db, title: "Old notes", body: "Not needed.", trashed: true) }) {
                TrashDeleteConfirmComponent(blogID: 1, ownerID: 1, trashURL: DemoURLs.trash)
            },
            Preview("hostile title", signedInAs: 1, sceneURL: "/trash/1/delete", id: "confirm-delete", fixtures: { db in try await DemoFixtures.blog(db, title: DemoFixtures.hostileText, body: "x", trashed: true) }) {
                TrashDeleteConfirmComponent(blogID: 1, ownerID: 1, trashURL: DemoURLs.trash)
            },
        ]
    }
}
