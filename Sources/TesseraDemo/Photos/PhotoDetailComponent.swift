import Tessera

// MARK: - PhotoDetailComponent

/// One photo: the picture, its title, its author (linked to their profile) and its date. A
/// missing photo is a 404.
final class PhotoDetailComponent: Component<PhotoDetailComponent.Model>, @unchecked Sendable {
    override var rootElement: String { "article" }
    override var rootClass: String? { "card photo-detail" }

    // MARK: - Configuration

    private let photoID: Int64
    private let userURL: @Sendable (Int64) -> String
    private let galleryURL: String

    /// Photo `photoID`; its author links to `userURL(id)`, "All photos" to `galleryURL`.
    init(id: String, photoID: Int64, userURL: @escaping @Sendable (Int64) -> String, galleryURL: String) {
        self.photoID = photoID
        self.userURL = userURL
        self.galleryURL = galleryURL
        super.init(id: id)
    }

    // MARK: - State

    private var photo: Photo?
    private var author: User?

    /// The photo's title, once loaded (the page title).
    var title: String? { photo?.title }

    // MARK: - Life cycle

    /// Two queries: the photo and its author.
    override func load(_ scope: RequestScope) async throws {
        guard let photo = try await PhotoStore(database: scope.database).photo(photoID) else { throw RequestError.notFound() }
        self.photo = photo
        author = try await UserStore(database: scope.database).user(photo.userID)
    }

    override func viewModel() -> Model {
        Model(photo: photo, authorName: author?.displayName ?? "A former member", authorURL: photo.map { userURL($0.userID) } ?? "", galleryURL: galleryURL)
    }

    /// The values the template reads (the photo is there whenever the template renders: a
    /// missing one is a 404).
    @TemplateModel
    struct Model {
        private let photo: Photo?
        let authorName: String
        let authorURL: String
        let galleryURL: String

        init(photo: Photo?, authorName: String, authorURL: String, galleryURL: String) {
            self.photo = photo
            self.authorName = authorName
            self.authorURL = authorURL
            self.galleryURL = galleryURL
        }
        var title: String { photo?.title ?? "" }
        var url: String { photo?.url ?? "" }
        var date: String { photo.map { DisplayText.date($0.createdAt) } ?? "" }
        var isoDate: String { photo.map { DisplayText.isoDate($0.createdAt) } ?? "" }
    }
}
