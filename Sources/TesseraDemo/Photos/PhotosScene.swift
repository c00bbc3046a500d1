import Tessera

// MARK: - PhotosScene

/// `GET /photos`: the gallery.
final class PhotosScene: Scene {
    override class var path: String { "/photos" }
    override class var policy: Policy? { .anyone }
    /// A visitor's page shows only what its URL names: kept until its data changes.
    override class var reusesVisitorPages: Bool { true }
    override class var composition: [ComponentSlot] {
        [slot("gallery") { _, _ in GalleryComponent(photoURL: DemoURLs.photo) }]
    }

    // MARK: - Life cycle

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Photos"
    }
}
