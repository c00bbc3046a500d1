import Foundation

// MARK: - Links by mail

/// What the members' mailed links do: a forgotten password reset, an address confirmed. Each
/// request is counted against its throttle rules first; the mail itself is sent by a job.
extension Members {
    /// What following an address confirmation link did.
    package enum AddressConfirmation: Sendable, Equatable {
        /// `email` is now the member's address.
        case confirmed(memberID: Int64, email: String)
        /// Another member confirmed the address first.
        case taken
        /// The link does not work: never did, was used, its hour ended, or a newer link, a
        /// password change or another confirmed address ended it.
        case expired
    }

    /// Counts a request for `email` (per address and per client address), then enqueues the job
    /// that mails a reset link if a member has that confirmed address. The answer and its time
    /// are the same whether one does or not. Throws a `429` when throttled.
    package func requestPasswordReset(email: MailAddress, _ context: ComponentScope<some Component>) async throws {
        let database = context.request.site.database
        let address = email.text.lowercased()
        let keys = [resetAddressRule.key(address), resetClientRule.key(ClientAddress.subject(of: context.request))]
        _ = try await AttemptThrottle(database: database).attempt(
            keys, message: "Too many password resets asked for this address or from your network."
        ) { () async throws -> Bool? in
            try await database.write { db in try await JobQueue.enqueue(PasswordResetJob(email: address), in: db) }
            return true
        }
    }

    /// Whether `token` is a working reset link (for showing its form): stored, unused, within
    /// its hour, and mailed to the address its member still has.
    package func resetLinkWorks(_ token: String, _ scope: RequestScope) async throws -> Bool {
        let database = scope.site.database
        guard let holder = try await tokens.holder(of: token, for: .reset, in: database) else { return false }
        let accounts = MemberAccounts(table: table, database: database)
        return try await database.read { db in try await accounts.email(of: holder.memberID, in: db) }?.lowercased() == holder.email
    }

    /// Uses reset link `token` to set `password`: the new session signed in as its member,
    /// every other session of theirs ended, and every other link of theirs too (reset and
    /// confirmation); nil when the link does not work, or its member's address is no longer
    /// the one it was mailed to (then nothing changed). Of two uses of one link at once, on any
    /// processes, one succeeds. The password must already pass `MemberFields.changedPassword`'s check.
    package func resetPassword(token: String, to password: String, _ context: ComponentScope<some Component>) async throws -> Session? {
        let database = context.request.site.database
        guard try await resetLinkWorks(token, context.request) else { return nil }  // no hash for a dead link
        let hash = try await Passwords.hashed(password)
        let accounts = MemberAccounts(table: table, database: database)
        let used = try await database.write { db -> MemberTokens.Holder? in
            guard let holder = try await tokens.use(token, for: .reset, in: db) else { return nil }
            guard try await accounts.email(of: holder.memberID, in: db)?.lowercased() == holder.email else { return nil }
            try await accounts.setPasswordHash(hash, of: holder.memberID, in: db)
            try await tokens.endAll(of: holder.memberID, in: db)
            return holder
        }
        guard let used else { return nil }
        let sessions = SessionStore(database: database)
        let session = try await sessions.signIn(userID: used.memberID, replacing: context.request.session)
        try await sessions.endOtherSessions(of: used.memberID, keeping: session)
        return session
    }

    /// Counts the request for the signed-in member, then enqueues the job that mails a link
    /// confirming `email` (unless another member has it, or the address had its
    /// ``confirmAddressRule``'s mails: then no mail, and no different answer). A `403` for a
    /// visitor, a `429` when the member is throttled (``confirmRule``).
    package func requestAddressConfirmation(email: MailAddress, _ context: ComponentScope<some Component>) async throws {
        let memberID = try context.requireUser()
        let database = context.request.site.database
        _ = try await AttemptThrottle(database: database).attempt(
            [confirmRule.key(String(memberID))], message: "Too many confirmation mails asked for."
        ) { () async throws -> Bool? in
            try await database.write { db in
                try await JobQueue.enqueue(AddressConfirmationJob(memberID: memberID, email: email.text.lowercased()), in: db)
            }
            return true
        }
    }

    /// The address confirmation link `token` would confirm, while it works (for showing its
    /// button), or nil.
    package func addressToConfirm(_ token: String, _ scope: RequestScope) async throws -> String? {
        try await tokens.holder(of: token, for: .confirm, in: scope.site.database)?.email
    }

    /// Uses confirmation link `token`: its address becomes its member's, and every other link
    /// of theirs (reset links mailed to the old address, confirmations of other addresses)
    /// ends in the same transaction.
    package func confirmAddress(token: String, _ scope: RequestScope) async throws -> AddressConfirmation {
        let accounts = MemberAccounts(table: table, database: scope.site.database)
        return try await scope.site.database.write { db in
            guard let holder = try await tokens.use(token, for: .confirm, in: db) else { return .expired }
            guard try await accounts.setEmail(holder.email, of: holder.memberID, in: db) else { return .taken }
            try await tokens.endAll(of: holder.memberID, in: db)
            return .confirmed(memberID: holder.memberID, email: holder.email)
        }
    }

    /// The signed-in member's confirmed address, or nil.
    package func confirmedAddress(of memberID: Int64, _ scope: RequestScope) async throws -> String? {
        try await MemberAccounts(table: table, database: scope.site.database).nameAndEmail(of: memberID)?.email
    }

    /// The links' store, with ``linkLifetime``.
    var tokens: MemberTokens { MemberTokens(lifetime: linkLifetime) }
}
