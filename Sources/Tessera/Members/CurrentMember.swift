// MARK: - CurrentMember

/// The signed-in member as every template sees them: the built-in `member` global
/// (`{{#member}}Signed in as {{displayName}}{{/member}}`), absent for visitors. Read from the
/// ``MemberTable`` only when a template reads it.
@TemplateModel
public struct CurrentMember: Sendable, Equatable {
    /// The member's id.
    public let id: Int64
    /// The member's username.
    public let username: String
    /// The name shown on pages (the username when the table has no display name).
    public let displayName: String
}

// MARK: - MemberPages

/// Where the members' pages are, as the built-in `memberPages` global: `signIn`, `signUp`
/// (absent when sign-ups are closed), `signOut` (where the sign-out form posts), `password`,
/// `forgotPassword` and `email` (absent when the member table keeps no addresses).
/// Absent when the app has no ``Members``.
@TemplateModel
public struct MemberPages: Sendable, Equatable {
    /// The sign-in page.
    public let signIn: String?
    /// The sign-up page, or nil.
    public let signUp: String?
    /// Where the sign-out form posts.
    public let signOut: String?
    /// The change-password page.
    public let password: String?
    /// The forgotten-password page, or nil.
    public let forgotPassword: String?
    /// The address page, or nil.
    public let email: String?

    init(_ members: Members) {
        signIn = members.signInPath
        signUp = members.signUpPath
        signOut = members.signOutPath
        password = members.passwordPath
        forgotPassword = members.forgotPasswordPath
        email = members.emailPath
    }
}
