import Tessera

// MARK: - BlogPageRead

/// What `/blogs/:id` reads before its components: the published post with its author, its
/// likes, whether the viewer likes it and its comment count (``BlogStore/page(_:viewerID:)``),
/// one query. Reused per viewer while nothing is written, so a busy post page reads it about once
/// per reuse lifetime for its visitors, and once for each member.
struct BlogPageRead: ReusableRead {
    /// Per member: the post says whether the viewer likes it.
    static let caching = FragmentCaching.perUser

    let blogID: Int64

    func read(from database: CountingDatabase, viewerID: Int64?) async throws -> BlogPost? {
        try await BlogStore(database: database).page(blogID, viewerID: viewerID)
    }
}
