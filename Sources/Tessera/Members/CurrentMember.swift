// MARK: - CurrentMember

/// The signed-in member as every template sees them: the built-in `member` global
/// (`{{#member}}Signed in as {{displayName}}{{/member}}`), absent for visitors. Read from the
/// ``MemberTable`` only when a template reads it.
@TemplateModel
struct CurrentMember: Sendable, Equatable {
    /// The member's id.
    let id: Int64
    /// The member's username.
    let username: String
    /// The name shown on pages (the username when the table has no display name).
    let displayName: String
}

// MARK: - MemberPages

/// Where the members' pages are, as the built-in `memberPages` global: `signIn`, `signUp`
/// (absent when sign-ups are closed), `signOut` (where the sign-out form posts), `password`,
/// `forgotPassword` and `email` (absent when the member table keeps no addresses).
/// Absent when the app has no ``Members``.
@TemplateModel
struct MemberPages: Sendable, Equatable {
    /// The sign-in page.
    let signIn: String?
    /// The sign-up page, or nil.
    let signUp: String?
    /// Where the sign-out form posts.
    let signOut: String?
    /// The change-password page.
    let password: String?
    /// The forgotten-password page, or nil.
    let forgotPassword: String?
    /// The address page, or nil.
    let email: String?

    init(_ members: Members) {
        signIn = members.signInPath
        signUp = members.signUpPath
        signOut = members.signOutPath
        password = members.passwordPath
        forgotPassword = members.forgotPasswordPath
        email = members.emailPath
    }
}
