import Tessera

// MARK: - BlogStatsComponent

/// The aside's summary of the post's likes; it shows the page's shared ``LikeState`` and is
/// re-rendered along with the like button.
final class BlogStatsComponent: Component, @unchecked Sendable {
    override var template: String { "Blogs/BlogStatsComponent" }
    override var rootClass: String? { "card" }

    // MARK: - Configuration

    /// Shared with the like button.
    private let state: LikeState

    /// Stats over `state`.
    init(id: String, state: LikeState) {
        self.state = state
        super.init(id: id)
    }

    // MARK: - Life cycle

    override func viewModel() -> any ViewModel {
        ["countText": .string(state.countText), "likedByViewer": .bool(state.likedByViewer)]
    }
}
