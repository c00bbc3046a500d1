import Foundation

// MARK: - PasswordResetMail

/// The mail with a link to choose a new password (templates `Tessera/Mail/PasswordReset.text`
/// and `.html`; an app replaces either with its own file of that name under `Views/`).
@TemplateModel
public struct PasswordResetMail: MailMessage {
    public static var template: String { "Tessera/Mail/PasswordReset" }
    /// The member's shown name.
    let name: String
    /// The link, absolute.
    let link: String
    /// How many minutes the link works.
    let minutes: Int
    /// "Choose a new password".
    public var subject: String { "Choose a new password" }
}

// MARK: - AddressConfirmationMail

/// The mail with a link to confirm an address (templates `Tessera/Mail/AddressConfirmation.text`
/// and `.html`).
@TemplateModel
public struct AddressConfirmationMail: MailMessage {
    public static var template: String { "Tessera/Mail/AddressConfirmation" }
    /// The member's shown name.
    let name: String
    /// The address to confirm.
    let address: String
    /// The link, absolute.
    let link: String
    /// How many minutes the link works.
    let minutes: Int
    /// "Confirm your e-mail address".
    public var subject: String { "Confirm your e-mail address" }
}

// MARK: - PasswordResetJob

/// Mails a reset link to the member whose confirmed address is `email`, if there is one. The
/// form only enqueues it, so its answer and its time are the same for any address. The link's
/// token and its mail commit together.
struct PasswordResetJob: Job {
    static var name: String { "tessera.members.reset" }
    let email: String

    func run(_ context: JobContext) async throws {
        guard let members = context.site.configuration.members, let path = members.resetPasswordPath, let address = MailAddress(email)
        else { return }
        let accounts = MemberAccounts(table: members.table, database: context.database)
        guard let member = try await accounts.member(withEmail: email) else { return }
        try await context.complete { db in
            let token = try await members.tokens.issue(.reset, memberID: member.id, email: email, in: db)
            let mail = PasswordResetMail(
                name: member.name, link: context.site.absoluteURL(path + URLQuery.encode([("token", token)])),
                minutes: Int(members.linkLifetime / 60))
            try await context.site.mail(mail, to: [address]).send(in: db)
        }
    }
}

// MARK: - AddressConfirmationJob

/// Mails member `memberID` a link confirming `email`, unless another member already has that
/// address (then nothing is sent, and the member's page shows no difference).
struct AddressConfirmationJob: Job {
    static var name: String { "tessera.members.confirm" }
    let memberID: Int64
    let email: String

    func run(_ context: JobContext) async throws {
        guard let members = context.site.configuration.members, let path = members.confirmEmailPath, let address = MailAddress(email)
        else { return }
        let accounts = MemberAccounts(table: members.table, database: context.database)
        guard let member = try await accounts.nameAndEmail(of: memberID) else { return }
        if let other = try await accounts.member(withEmail: email), other.id != memberID { return }
        try await context.complete { db in
            let token = try await members.tokens.issue(.confirm, memberID: memberID, email: email, in: db)
            let mail = AddressConfirmationMail(
                name: member.name, address: email, link: context.site.absoluteURL(path + URLQuery.encode([("token", token)])),
                minutes: Int(members.linkLifetime / 60))
            try await context.site.mail(mail, to: [address]).send(in: db)
        }
    }
}
