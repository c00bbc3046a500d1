// MARK: - ProfileSubject

/// Whose profile a page shows: loaded once by ``UserScene`` (a missing user is a 404) and
/// read by the components that need the user, so none of them loads it again.
final class ProfileSubject: @unchecked Sendable {
    /// The profile's user; set in the scene's `loadData`, before any component loads.
    var user: User?

    /// An empty subject, or one holding `user` (tests).
    init(user: User? = nil) { self.user = user }
}
