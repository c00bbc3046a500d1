import Tessera

// MARK: - Previews

extension PhotoDetailComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("one photo", sceneURL: "/photos/1", fixtures: DemoFixtures.community) {
                PhotoDetailComponent(id: "photo", photoID: 1, userURL: DemoURLs.user, galleryURL: DemoURLs.photos)
            },
            Preview("hostile title", sceneURL: "/photos/1", fixtures: { db in
                    try await DemoFixtures.member(db)
                    try await Photo.insert(userID: 1, title: DemoFixtures.hostileText, url: "/photos/photo-1.svg", createdAt: DemoSeed.epoch, into: db)
                }) {
                PhotoDetailComponent(id: "photo", photoID: 1, userURL: DemoURLs.user, galleryURL: DemoURLs.photos)
            },
        ]
    }
}
