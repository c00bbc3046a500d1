// MARK: - SessionReadAlong

/// What a request learns in the one statement that finds its stored session
/// (``SessionStore/find(_:now:)``), so that a member's page does not spend a round trip on
/// each: the signed-in member as templates see them (when the store knows the app's members
/// table) and whether a notice waited for the session. On PostgreSQL every statement is a
/// round trip.
struct SessionReadAlong: Sendable {
    /// The member the session is signed in as, when ``readsMember``; nil when the account is gone.
    let member: CurrentMember?
    /// Whether ``member`` was read (the store knew the members table).
    let readsMember: Bool
    /// Whether a notice waited under the session's key when it was read.
    let noticeWaiting: Bool
}
