import Tessera

// MARK: - GalleryComponent

/// Every photo in a grid, drawn by an ``ArrayDataSource`` of ``PhotoCell``s; an empty state
/// when there are none.
@Component
struct GalleryComponent {
    /// Everyone sees the same gallery.
    static var caching: FragmentCaching { .shared }

    // MARK: - Configuration

    /// Where one photo's page lives.
    let photoURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// One query: every photo, each linking to `photoURL(id)`.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let photos = try await PhotoStore(database: scope.database).all()
        return Model(photos: dataSource(photos))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let photos: ArrayDataSource<PhotoCell>
        var isEmpty: Bool { photos.isEmpty }
    }

    // MARK: - Data source

    private func dataSource(_ photos: [Photo]) -> ArrayDataSource<PhotoCell> {
        ArrayDataSource(items: photos, cell: PhotoCell(photoURL: photoURL), emptyState: EmptyState("No photos yet."))
    }
}
