import Foundation

// MARK: - PasswordResetMail

/// The mail with a link to choose a new password (templates `Tessera/Mail/PasswordReset.text`
/// and `.html`; an app replaces either with its own file of that name under `Views/`).
@TemplateModel
package struct PasswordResetMail: MailMessage {
    package static var template: String { "Tessera/Mail/PasswordReset" }
    /// The address the mail goes to, which it greets: never a name, which its reader may not
    /// have written.
    let address: String
    /// The link, absolute.
    let link: String
    /// How many minutes the link works.
    let minutes: Int
    /// "Choose a new password".
    package var subject: String { "Choose a new password" }
}

// MARK: - AddressConfirmationMail

/// The mail with a link to confirm an address (templates `Tessera/Mail/AddressConfirmation.text`
/// and `.html`).
@TemplateModel
package struct AddressConfirmationMail: MailMessage {
    package static var template: String { "Tessera/Mail/AddressConfirmation" }
    /// The address to confirm, which the mail goes to and greets. The member's shown name is not
    /// in it: anyone may give any address, and its reader did not write that name.
    let address: String
    /// The link, absolute.
    let link: String
    /// How many minutes the link works.
    let minutes: Int
    /// "Confirm your e-mail address".
    package var subject: String { "Confirm your e-mail address" }
}

// MARK: - PasswordResetJob

/// Mails a reset link to the member whose confirmed address is `email`, if there is one. The
/// form only enqueues it, so its answer and its time are the same for any address. The member
/// is found, the link's token stored and its mail queued in one transaction; and the link works
/// only while the member's address is still the one it went to (``Members/resetLinkWorks(_:_:)``),
/// so an address confirmed while the job ran ends it too.
struct PasswordResetJob: Job {
    static var name: String { "tessera.members.reset" }
    let email: String

    func run(_ context: JobContext) async throws {
        guard let members = context.site.configuration.members, let path = members.resetPasswordPath, let address = MailAddress(email)
        else { return }
        let accounts = MemberAccounts(table: members.table, database: context.database)
        try await context.complete { db in
            guard let memberID = try await accounts.member(withEmail: email, in: db) else { return }
            let token = try await members.tokens.issue(.reset, memberID: memberID, email: email, in: db)
            let mail = PasswordResetMail(
                address: email, link: context.site.absoluteURL(path + URLQuery.encode([("token", token)])),
                minutes: Int(members.linkLifetime / 60))
            try await context.site.mail(mail, to: [address]).send(in: db)
        }
    }
}

// MARK: - AddressConfirmationJob

/// Mails member `memberID` a link confirming `email`, unless another member already has that
/// address, or the address was sent ``Members/confirmAddressRule``'s limit of confirmation
/// mails (from any members) within its window. Either way nothing is sent and the member's page
/// shows no difference. The count, the token and the mail commit together, in the job's
/// completion, so a job tried again after a crash counts once.
struct AddressConfirmationJob: Job {
    static var name: String { "tessera.members.confirm" }
    let memberID: Int64
    let email: String

    func run(_ context: JobContext) async throws {
        guard let members = context.site.configuration.members, let path = members.confirmEmailPath, let address = MailAddress(email)
        else { return }
        let accounts = MemberAccounts(table: members.table, database: context.database)
        let throttle = AttemptThrottle(database: context.database)
        try await context.complete { db in
            guard try await accounts.exists(memberID, in: db) else { return }
            if let other = try await accounts.member(withEmail: email, in: db), other != memberID { return }
            guard try await throttle.count([members.confirmAddressRule.key(email)], in: db) == nil else { return }
            let token = try await members.tokens.issue(.confirm, memberID: memberID, email: email, in: db)
            let mail = AddressConfirmationMail(
                address: email, link: context.site.absoluteURL(path + URLQuery.encode([("token", token)])),
                minutes: Int(members.linkLifetime / 60))
            try await context.site.mail(mail, to: [address]).send(in: db)
        }
    }
}
