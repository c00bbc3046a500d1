import Tessera

// MARK: - GalleryComponent

/// Every photo in a grid, drawn by an ``ArrayDataSource`` of ``PhotoCell``s; an empty state
/// when there are none.
final class GalleryComponent: Component, @unchecked Sendable {
    override var template: String { "Photos/GalleryComponent" }

    // MARK: - State

    private var photos: [Photo] = []

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        photos = try await PhotoStore(database: scope.database).all()
    }

    override func viewModel() -> any ViewModel {
        ["isEmpty": .bool(photos.isEmpty), "photos": .fragment(dataSource)]
    }

    // MARK: - Data source

    private var dataSource: ArrayDataSource<PhotoCell> {
        ArrayDataSource(items: photos, cell: PhotoCell(), emptyState: EmptyState("No photos yet."))
    }
}
