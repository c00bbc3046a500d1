import Tessera

// MARK: - GalleryComponent

/// Every photo in a grid, drawn by an ``ArrayDataSource`` of ``PhotoCell``s; an empty state
/// when there are none.
final class GalleryComponent: Component<GalleryComponent.Model>, @unchecked Sendable {
    /// Everyone sees the same gallery.
    override class var caching: FragmentCaching { .shared }

    // MARK: - Configuration

    /// Where one photo's page lives.
    private let photoURL: @Sendable (Int64) -> String

    /// Every photo, each linking to `photoURL(id)`.
    init(id: String, photoURL: @escaping @Sendable (Int64) -> String) {
        self.photoURL = photoURL
        super.init(id: id)
    }

    // MARK: - State

    private var photos: [Photo] = []

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        photos = try await PhotoStore(database: scope.database).all()
    }

    override func viewModel() -> Model {
        Model(photos: dataSource)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let photos: ArrayDataSource<PhotoCell>
        var isEmpty: Bool { photos.isEmpty }
    }

    // MARK: - Data source

    private var dataSource: ArrayDataSource<PhotoCell> {
        ArrayDataSource(items: photos, cell: PhotoCell(photoURL: photoURL), emptyState: EmptyState("No photos yet."))
    }
}
