import Tessera

// MARK: - PhotosScene

/// `GET /photos`: the gallery.
final class PhotosScene: Scene, @unchecked Sendable {
    override class var path: String { "/photos" }
    override class var composition: [ComponentSlot] { [gallery] }
    static let gallery = ComponentSlot("gallery", GalleryComponent.self)

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        add(GalleryComponent(id: Self.gallery.id, photoURL: DemoURLs.photo))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Photos"
    }
}
