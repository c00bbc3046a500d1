// MARK: - PolicyDecision

/// What a ``Policy`` says of one request's viewer.
enum PolicyDecision: Equatable, Sendable {
    /// The viewer may go on.
    case allowed
    /// An owner rule waits for its subject (the scene, after it loaded its record).
    case undecided
    /// The viewer may not.
    case denied(Refusal)

    /// Why a viewer is refused, in the order a combined refusal picks: a visitor is asked to sign
    /// in before anything else is said; a record someone else owns is as missing as one that
    /// does not exist.
    enum Refusal: Int, Comparable, Sendable {
        /// A member without the role: `403`.
        case forbidden
        /// A member who does not own the record: `404`.
        case notFound
        /// A visitor: sent to sign in (a page) or `403`.
        case signIn

        static func < (lhs: Refusal, rhs: Refusal) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Why it refuses: an owner rule still undecided with its subject at hand (a subject of
    /// another type, which start-up refuses) is a record not found.
    var refusal: Refusal {
        if case .denied(let refusal) = self { refusal } else { .notFound }
    }
}

// MARK: - Deciding

extension Policy {
    /// What this policy says of `scope`'s viewer, given the `subjects` an owner rule may read
    /// (none before the scene loaded). A member's roles are read once per request, only when a
    /// role rule needs them.
    func decide(for scope: RequestScope, subjects: [Any]) async throws -> PolicyDecision {
        try await Self.decide(rule, memberID: scope.userID, subjects: subjects) { memberID in try await scope.roles(of: memberID) }
    }

    private static func decide(
        _ rule: Rule, memberID: Int64?, subjects: [Any], roles: (Int64) async throws -> Set<Role>
    ) async throws -> PolicyDecision {
        switch rule {
        case .anyone:
            return .allowed
        case .signedIn:
            return memberID == nil ? .denied(.signIn) : .allowed
        case .role(let role):
            guard let memberID else { return .denied(.signIn) }
            return try await roles(memberID).contains(role) ? .allowed : .denied(.forbidden)
        case .owner(let owner):
            guard let memberID else { return .denied(.signIn) }
            guard let read = subjects.lazy.compactMap(owner.ownerID).first else { return .undecided }
            return read == memberID ? .allowed : .denied(.notFound)
        case .either(let lhs, let rhs):
            let first = try await decide(lhs, memberID: memberID, subjects: subjects, roles: roles)
            if first == .allowed { return .allowed }
            let second = try await decide(rhs, memberID: memberID, subjects: subjects, roles: roles)
            switch (first, second) {
            case (_, .allowed): return .allowed
            case (.undecided, _), (_, .undecided): return .undecided
            case (.denied(let a), .denied(let b)): return .denied(max(a, b))
            default: return .undecided
            }
        }
    }
}
