import Tessera

// MARK: - PhotoStrip

/// A row of photos shown as one item of a list.
struct PhotoStrip: Sendable, Equatable {
    /// The photos, in order.
    let photos: [Photo]
}

// MARK: - PhotoStripCell

/// Draws a ``PhotoStrip``: a heading, then a NESTED data source (an ``ArrayDataSource`` of
/// ``PhotoCell``s) in a horizontally scrolling `.strip` (a labelled region that takes keyboard
/// focus, so it can be scrolled without a mouse), and a link to the gallery.
struct PhotoStripCell: CellRenderer {
    /// The strip's heading.
    let title: String
    /// Where the whole gallery lives.
    let galleryURL: String
    /// Where one photo's page lives.
    let photoURL: @Sendable (Int64) -> String

    func viewModel(for strip: PhotoStrip) -> Model {
        Model(
            title: title,
            galleryURL: galleryURL,
            photos: ArrayDataSource(items: strip.photos, cell: PhotoCell(photoURL: photoURL), emptyState: EmptyState("No photos yet."))
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let title: String
        let galleryURL: String
        let photos: ArrayDataSource<PhotoCell>
    }
}
