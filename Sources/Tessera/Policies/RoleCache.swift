import Synchronization

// MARK: - RoleCache

/// The roles one request has read, by member: a request checking several policies (its scene's,
/// an action's, a template's ``RequestScope/hasRole(_:)``) reads a member's roles once. Shared by
/// every copy of the request's scope.
final class RoleCache: Sendable {
    private let known = Mutex<[Int64: Set<Role>]>([:])

    /// Member `memberID`'s roles, read by `read` the first time.
    func roles(of memberID: Int64, _ read: () async throws -> Set<Role>) async throws -> Set<Role> {
        if let roles = known.withLock({ $0[memberID] }) { return roles }
        let roles = try await read()
        known.withLock { $0[memberID] = roles }
        return roles
    }
}
