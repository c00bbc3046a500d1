// MARK: - FeedPage

/// One page of the home feed and the rule that mixes it: the first page opens with a strip of
/// the newest photos, then every page shows its blogs with one more photo after every four.
///
/// Photos are never repeated: the strip takes the newest ``stripSize``, and each page's single
/// photos continue from there; when they run out, pages are blogs only. An empty page of blogs
/// shows no photos either, so the feed's empty state appears.
struct FeedPage {
    /// One photo after this many blogs.
    static let blogsPerPhoto = 4
    /// How many photos the first page's strip holds.
    static let stripSize = 6

    /// The page number, from 1.
    let number: Int
    /// The page's blogs, newest first, with their authors.
    let blogs: [BlogListItem]
    /// The photos of ``photoWindow(page:pageSize:)``, newest first.
    let photos: [Photo]
    /// Whether another page follows.
    let hasMore: Bool

    /// Which photos page `page` shows, as an offset and a limit into the newest-first list: one
    /// query, whatever the page size.
    static func photoWindow(page: Int, pageSize: Int) -> (offset: Int, limit: Int) {
        let perPage = pageSize / blogsPerPhoto
        return page == 1 ? (0, stripSize + perPage) : (stripSize + (page - 1) * perPage, perPage)
    }

    /// The items in display order: ``PhotoStrip``, ``BlogListItem`` and ``Photo`` values.
    var items: [any Sendable] {
        guard !blogs.isEmpty else { return [] }
        var items: [any Sendable] = []
        var singles = photos[...]
        if number == 1 {
            let strip = Array(singles.prefix(Self.stripSize))
            singles = singles.dropFirst(Self.stripSize)
            if !strip.isEmpty { items.append(PhotoStrip(photos: strip)) }
        }
        for (index, blog) in blogs.enumerated() {
            items.append(blog)
            if (index + 1) % Self.blogsPerPhoto == 0, let photo = singles.popFirst() { items.append(photo) }
        }
        return items
    }
}
