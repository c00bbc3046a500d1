import Tessera

// MARK: - NewPostsComponent

/// Above the home feed: how many posts were published since the page was shown, and a link
/// that shows them ("2 new posts — show them"). It is live, so an open home page learns of a
/// post as it is published, and the feed the reader is looking at does not move.
@Component
struct NewPostsComponent {
    /// Everyone sees the same count for the same page.
    static var caching: FragmentCaching { .shared }
    /// An open home page tells of each post as it is published.
    static var live: Bool { true }
    var rootElement: String { "div" }
    var rootClass: String? { "new-posts" }

    // MARK: - Life cycle

    /// The newest post the page showed is its fragment's `?after=`; on the page itself, the
    /// newest now. One query.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let shown = try scope.query.int("after", default: -1, in: -1...Int.max)
        let published = try await BlogStore(database: scope.database).published(after: shown < 0 ? nil : Int64(shown))
        return Model(after: shown < 0 ? published.newest : Int64(shown), count: published.newer, homeURL: DemoURLs.home)
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { [("after", String(model.after))] }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        /// The newest post the page showed.
        @TemplateIgnored let after: Int64
        /// How many were published since.
        @TemplateIgnored let count: Int
        /// Where they are shown: the first page of the feed.
        let homeURL: String
        var hasNew: Bool { count > 0 }
        var countText: String { DisplayText.count(count, "new post", "new posts") }
    }
}
