import Tessera

// MARK: - PhotoScene

/// `GET /photos/:id`: one photo, large, with who posted it and when.
final class PhotoScene: Scene, @unchecked Sendable {
    override class var path: String { "/photos/:id" }
    override class var composition: [ComponentSlot] { [photo] }
    static let photo = ComponentSlot("photo", PhotoDetailComponent.self)

    // MARK: - State

    private var photoID: Int64 = 0

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        photoID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope) {
        add(PhotoDetailComponent(id: Self.photo.id, photoID: photoID, userURL: DemoURLs.user, galleryURL: DemoURLs.photos))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = (components.first as? PhotoDetailComponent)?.title ?? "Photo"
    }
}
