import Tessera

// MARK: - Previews

extension TrashDeleteConfirmComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("in the trash", signedInAs: 1, sceneURL: "/trash/1/delete", fixtures: { db in try await DemoFixtures.blog(db, title: "Old notes", body: "Not needed.", trashed: true) }) {
                TrashDeleteConfirmComponent(id: "confirm-delete", blogID: 1, ownerID: 1, trashURL: DemoURLs.trash)
            },
            Preview("hostile title", signedInAs: 1, sceneURL: "/trash/1/delete", fixtures: { db in try await DemoFixtures.blog(db, title: DemoFixtures.hostileText, body: "x", trashed: true) }) {
                TrashDeleteConfirmComponent(id: "confirm-delete", blogID: 1, ownerID: 1, trashURL: DemoURLs.trash)
            },
        ]
    }
}
