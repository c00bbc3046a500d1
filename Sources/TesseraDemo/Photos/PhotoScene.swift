import Tessera

// MARK: - PhotoScene

/// `GET /photos/:id`: one photo, large, with who posted it and when. The photo is loaded once,
/// here (its title is the page's); a missing one is a 404 for the page and its fragment.
final class PhotoScene: Scene {
    override class var path: String { "/photos/:id" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] {
        [
            slot("photo") { scene, _ in
                scene.photo.map { PhotoDetailComponent(photo: $0, userURL: DemoURLs.user, galleryURL: DemoURLs.photos) }
            }
        ]
    }

    // MARK: - State

    private var photoID: Int64 = 0
    /// The photo, once loaded.
    private var photo: Photo?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        photoID = try scope.path.id("id")
    }

    /// One query: the photo; an unknown id is a 404.
    override func loadData(_ scope: RequestScope) async throws {
        guard let photo = try await PhotoStore(database: scope.database).photo(photoID) else { throw RequestError.notFound() }
        self.photo = photo
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = photo?.title ?? "Photo"
    }
}
