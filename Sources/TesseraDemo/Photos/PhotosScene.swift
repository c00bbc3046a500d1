import Tessera

// MARK: - PhotosScene

/// `GET /photos`: the gallery.
final class PhotosScene: Scene, @unchecked Sendable {
    override class var path: String { DemoURLs.photos }
    override class var componentTypes: [AnyComponent.Type] { [GalleryComponent.self] }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        add(GalleryComponent(id: "gallery", photoURL: DemoURLs.photo))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Photos"
    }
}
