import Tessera

// MARK: - PhotoCell

/// Draws a ``Photo`` as a `<figure class="photo-cell">` with its title as alt text and caption.
struct PhotoCell: CellRenderer {
    var template: String { "Photos/PhotoCell" }

    func viewModel(for photo: Photo) -> [String: TemplateValue] {
        [
            "title": .string(photo.title),
            "url": .string(photo.url),
            "date": .string(DisplayText.date(photo.createdAt)),
            "isoDate": .string(DisplayText.isoDate(photo.createdAt)),
        ]
    }
}
