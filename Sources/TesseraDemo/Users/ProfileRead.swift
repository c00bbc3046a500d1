import Tessera

// MARK: - ProfileRead

/// What `/users/:id` reads before its components: the member with their profile's counts and
/// details (``UserStore/profile(_:)``), one query. The same for every viewer, so reused for all of them
/// while nothing is written.
struct ProfileRead: ReusableRead {
    /// Everyone: nothing in it depends on who looks.
    static let caching = FragmentCaching.shared

    let userID: Int64

    func read(from database: CountingDatabase, viewerID: Int64?) async throws -> (user: User, counts: ProfileCounts, details: ProfileDetails)? {
        try await UserStore(database: database).profile(userID)
    }
}
