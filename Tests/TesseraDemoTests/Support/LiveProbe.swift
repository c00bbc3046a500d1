import TesseraTesting

// MARK: - LiveProbe

/// A live stream opened on a site as a browser opens it (``TesseraTesting/TestLiveStream``),
/// inside ``TestSite/withLiveHub(_:)``.
typealias LiveProbe = TesseraTesting.TestLiveStream

extension TestSite {
    /// Runs `body` while the site's live hub looks for commits and the database listens for
    /// their notices (PostgreSQL), as the served app's services do
    /// (``TesseraTesting/TestApp/withLiveUpdates(_:)``).
    func withLiveHub<T>(_ body: () async throws -> T) async throws -> T {
        try await app.withLiveUpdates(body)
    }
}
