import Foundation

// MARK: - Operations

/// What the members' forms do, for the built-in components and for an app's own forms. Each
/// counts its attempt against its throttle rule before any password is checked or hashed.
extension Members {
    /// What a sign-up did.
    package enum SignUpOutcome: Sendable, Equatable {
        /// The member was stored; `session` (signed in as them) replaces the request's.
        case created(memberID: Int64, session: Session)
        /// Someone already has the username.
        case taken
    }

    /// Counts the attempt for `username` and the client's address, then checks `password`: the
    /// new session (replacing the request's, so no fixation) or nil when they do not match, the
    /// same answer and time for unknown names. Throws a `429` when either is throttled.
    package func signIn(username: String, password: String, _ context: ComponentScope<some Component>) async throws -> Session? {
        let account = String(decoding: username.lowercased().utf8.prefix(64), as: UTF8.self)
        let keys = [signInRule.key(account), addressRule.key(ClientAddress.subject(of: context.request))]
        let accounts = MemberAccounts(table: table, database: context.request.site.database)
        let memberID = try await AttemptThrottle(database: context.request.site.database).attempt(
            keys, message: "Too many failed sign-ins for this account or from your network."
        ) { () async throws -> Int64? in
            let found = try await accounts.credentials(username: account)
            let matches = try await Passwords.verify(password, against: found?.hash ?? Passwords.unknownUserHash)
            return matches ? found?.id : nil
        }
        guard let memberID else { return nil }
        return try await SessionStore(database: context.request.site.database).signIn(userID: memberID, replacing: context.request.session)
    }

    /// Counts a sign-up from the client's address, then stores the member (the password
    /// hashed off the event loops) and signs them in; with an `email`, enqueues the mail that
    /// confirms it (it becomes theirs when they follow its link; like an address change's, it is
    /// not sent past ``confirmAddressRule``, with no different answer). Throws a `429` when throttled.
    /// The fields must already pass `SignUpRequest.problems`.
    package func signUp(
        username: String, displayName: String, password: String, email: MailAddress? = nil, _ context: ComponentScope<some Component>
    ) async throws -> SignUpOutcome {
        let database = context.request.site.database
        let accounts = MemberAccounts(table: table, database: database)
        let key = signUpRule.key(ClientAddress.subject(of: context.request))
        let created = try await AttemptThrottle(database: database).attempt([key], message: "Too many new accounts from your network.") {
            try await accounts.create(
                username: username, displayName: displayName, hash: try await Passwords.hashed(password), at: Date())
        }
        guard let created else { return .taken }
        if let email, table.email != nil {
            try await database.write { db in
                try await JobQueue.enqueue(AddressConfirmationJob(memberID: created, email: email.text.lowercased()), in: db)
            }
        }
        let session = try await SessionStore(database: database).signIn(userID: created, replacing: context.request.session)
        return .created(memberID: created, session: session)
    }

    /// Ends the request's session; the visitor session that replaces it (its cookie cleared).
    package func signOut(_ context: ComponentScope<some Component>) async throws -> Session {
        try await SessionStore(database: context.request.site.database).signOut(context.request.session)
    }

    /// Counts the attempt for the signed-in member, checks `current`, then stores `new` (ending
    /// every mailed link of theirs in the same transaction: a reset link sent before no longer
    /// works) and signs the member out everywhere else: false when `current` is wrong. A `403`
    /// for a visitor, a `429` when throttled. The fields must already pass `PasswordChangeRequest.problems`.
    package func changePassword(current: String, to new: String, _ context: ComponentScope<some Component>) async throws -> Bool {
        let memberID = try context.requireUser()
        let database = context.request.site.database
        let accounts = MemberAccounts(table: table, database: database)
        let changed = try await AttemptThrottle(database: database).attempt(
            [passwordRule.key(String(memberID))], message: "Too many wrong current passwords."
        ) { () async throws -> Bool? in
            guard let hash = try await accounts.passwordHash(of: memberID), try await Passwords.verify(current, against: hash) else {
                return nil
            }
            let newHash = try await Passwords.hashed(new)
            try await database.write { db in
                try await accounts.setPasswordHash(newHash, of: memberID, in: db)
                try await tokens.endAll(of: memberID, in: db)
            }
            return true
        }
        guard changed != nil else { return false }
        try await SessionStore(database: database).endOtherSessions(of: memberID, keeping: context.request.session)
        return true
    }
}
