import Tessera

// MARK: - Previews

extension GalleryComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", sceneURL: "/photos") {
                GalleryComponent(id: "gallery", photoURL: DemoURLs.photo)
            },
            Preview("many", sceneURL: "/photos", fixtures: DemoFixtures.community) {
                GalleryComponent(id: "gallery", photoURL: DemoURLs.photo)
            },
            Preview("error", sceneURL: "/photos", fixtures: DemoFixtures.without("photo")) {
                GalleryComponent(id: "gallery", photoURL: DemoURLs.photo)
            },
        ]
    }
}
