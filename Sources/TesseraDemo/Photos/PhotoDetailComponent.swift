import Tessera

// MARK: - PhotoDetailComponent

/// One photo: the picture, its title, its author (linked to their profile) and its date. A
/// missing photo is a 404.
final class PhotoDetailComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Photos/PhotoDetailComponent" }
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

    override func viewModel() -> any ViewModel {
        guard let photo else { return [String: TemplateValue]() }
        return [
            "title": .string(photo.title),
            "url": .string(photo.url),
            "authorName": .string(author?.displayName ?? "A former member"),
            "authorURL": .string(userURL(photo.userID)),
            "date": .string(DisplayText.date(photo.createdAt)),
            "isoDate": .string(DisplayText.isoDate(photo.createdAt)),
            "galleryURL": .string(galleryURL),
        ]
    }
}
