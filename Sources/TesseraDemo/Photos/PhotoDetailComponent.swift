import Tessera

// MARK: - PhotoDetailComponent

/// One photo: the picture, its title, its author (linked to their profile) and its date. Its
/// scene loads the photo (a missing one is a 404 there) and hands it over; the component loads
/// the author.
@Component
struct PhotoDetailComponent {
    var rootElement: String { "article" }
    var rootClass: String? { "card photo-detail" }

    // MARK: - Configuration

    /// The photo shown, loaded by the scene.
    let photo: Photo
    /// Where a member's profile lives (the author's link).
    let userURL: @Sendable (Int64) -> String
    /// "All photos".
    let galleryURL: String

    // MARK: - Life cycle

    /// One query: the photo's author.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let author = try await UserStore(database: scope.database).user(photo.userID)
        return Model(
            photo: photo, authorName: author?.displayName ?? "A former member", authorURL: userURL(photo.userID),
            galleryURL: galleryURL)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        private let photo: Photo
        let authorName: String
        let authorURL: String
        let galleryURL: String

        init(photo: Photo, authorName: String, authorURL: String, galleryURL: String) {
            self.photo = photo
            self.authorName = authorName
            self.authorURL = authorURL
            self.galleryURL = galleryURL
        }
        var title: String { photo.title }
        var url: String { photo.url }
        var date: String { DisplayText.date(photo.createdAt) }
        var isoDate: String { DisplayText.isoDate(photo.createdAt) }
    }
}
