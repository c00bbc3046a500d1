import Tessera

// MARK: - FortunesScene

/// `GET /fortunes`: the fixed benchmark page (the TechEmpower "Fortunes" test), byte for byte.
///
/// No layout, no session, no analytics: the page is the benchmark's, and a write per request
/// would measure SQLite, not the page.
final class FortunesScene: Scene, ModelScene {
    override class var path: String { "/fortunes" }
    override class var policy: Policy? { .anyone }

    private var fortunes: [Fortune] = []

    // MARK: - Life cycle

    override func chooseLayout(_ scope: RequestScope) -> String? { nil }

    override func loadData(_ scope: RequestScope) async throws {
        fortunes = try await FortuneStore(database: scope.database).fortunesForDisplay()
    }

    func viewModel() -> FortunesPageModel { FortunesPage.model(fortunes) }

    override func analyticsEvent(_ proposed: AnalyticsEvent) -> AnalyticsEvent? { nil }
}
