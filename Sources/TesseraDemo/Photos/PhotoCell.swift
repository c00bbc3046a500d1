import Tessera

// MARK: - PhotoCell

/// Draws a ``Photo`` as a `<figure class="photo-cell">` with its title as alt text and caption;
/// the picture links to the photo's own page.
struct PhotoCell: CellRenderer {
    var template: String { "Photos/PhotoCell" }

    /// Where one photo's page lives.
    let photoURL: @Sendable (Int64) -> String

    func viewModel(for photo: Photo) -> [String: TemplateValue] {
        [
            "title": .string(photo.title),
            "url": .string(photo.url),
            "pageURL": .string(photoURL(photo.id)),
            "date": .string(DisplayText.date(photo.createdAt)),
            "isoDate": .string(DisplayText.isoDate(photo.createdAt)),
        ]
    }
}
