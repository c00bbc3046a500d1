import Tessera

// MARK: - Previews

extension PhotoDetailComponent: Previewable {
    /// The states worth seeing, each on its own fixtures (the photo handed over as its scene
    /// would, after loading it from them).
    static var previews: [Preview] {
        [
            Preview("one photo", sceneURL: "/photos/1", id: "photo", fixtures: DemoFixtures.community) {
                PhotoDetailComponent(
                    photo: samplePhoto(title: "Harbour at dawn"), userURL: DemoURLs.user, galleryURL: DemoURLs.photos)
            },
            Preview("hostile title", sceneURL: "/photos/1", id: "photo", fixtures: { db in
                    try await DemoFixtures.member(db)
                    let sample = samplePhoto(title: DemoFixtures.hostileText)
                    try await Photo.insert(userID: sample.userID, title: sample.title, url: sample.url, createdAt: sample.createdAt, into: db)
                }) {
                PhotoDetailComponent(
                    photo: samplePhoto(title: DemoFixtures.hostileText), userURL: DemoURLs.user, galleryURL: DemoURLs.photos)
            },
        ]
    }

    /// Photo 1 of member 1, as the seed (and the fixture above) stores it, titled `title`.
    private static func samplePhoto(title: String) -> Photo {
        Photo(id: 1, userID: 1, title: title, url: "/photos/photo-1.svg", createdAt: DemoSeed.epoch)
    }
}
