import Tessera

// MARK: - Previews

extension GalleryComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", sceneURL: "/photos", id: "gallery") {
                GalleryComponent(photoURL: DemoURLs.photo)
            },
            Preview("many", sceneURL: "/photos", id: "gallery", fixtures: DemoFixtures.community) {
                GalleryComponent(photoURL: DemoURLs.photo)
            },
            Preview("error", sceneURL: "/photos", id: "gallery", fixtures: DemoFixtures.without("photo")) {
                GalleryComponent(photoURL: DemoURLs.photo)
            },
        ]
    }
}
