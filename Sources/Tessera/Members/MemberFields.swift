// MARK: - MemberFields

/// The fields of the members' forms, declared once: the forms read them with `form.field(…)`
/// and draw them with ``FormField``.
package enum MemberFields {
    /// A username as typed to sign in (checked loosely: a wrong one simply does not match).
    package static let username = TextField("username", maxScalars: 32, maxBytes: 64)
    /// A new member's username: 3 to 32 of `a-z`, `0-9`, `-` (not first).
    package static let newUsername = TextField("username", minScalars: 3, maxScalars: 32, maxBytes: 32)
    /// An e-mail address: at most 254 characters, checked as an address by ``MailAddress``.
    package static let email = TextField("email", maxScalars: 254, maxBytes: 254)
    /// The name shown on pages: 1 to 60 characters, one line.
    package static let displayName = TextField("displayName", minScalars: 1, maxScalars: 60)
    /// A password as typed, never trimmed: at most 72 bytes (bcrypt ignores the rest).
    package static let password = TextField("password", maxScalars: 72, maxBytes: 72, trimsWhitespace: false)
    /// A new password: 10 to 72 characters and at most 72 bytes, never trimmed.
    package static let newPassword = TextField("password", minScalars: 10, maxScalars: 72, maxBytes: 72, trimsWhitespace: false)
    /// The current password, when changing it.
    package static let currentPassword = TextField("current", maxScalars: 72, maxBytes: 72, trimsWhitespace: false)
    /// The new password, when changing it.
    package static let changedPassword = TextField("new", minScalars: 10, maxScalars: 72, maxBytes: 72, trimsWhitespace: false)
    /// The new password again.
    package static let confirmPassword = TextField("confirm", maxScalars: 72, maxBytes: 72, trimsWhitespace: false)
}
