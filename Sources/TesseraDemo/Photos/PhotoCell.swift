import Tessera

// MARK: - PhotoCell

/// Draws a ``Photo`` as a `<figure class="photo-cell">` with its title as alt text and caption;
/// the picture links to the photo's own page.
struct PhotoCell: CellRenderer {
    /// Where one photo's page lives.
    let photoURL: @Sendable (Int64) -> String

    func viewModel(for photo: Photo) -> Model {
        Model(
            title: photo.title,
            url: photo.url,
            pageURL: photoURL(photo.id),
            date: DisplayText.date(photo.createdAt),
            isoDate: DisplayText.isoDate(photo.createdAt)
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let title: String
        let url: String
        let pageURL: String
        let date: String
        let isoDate: String
    }
}
