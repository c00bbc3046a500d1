// MARK: - MemberPage

/// The members' kit's pages, one row each: where it is, who may open it, its title and the one
/// form component it shows. ``MemberPageScene``'s subclasses each name their row.
enum MemberPage: Sendable {
    case signIn, signUp, password, forgotPassword, resetPassword, email, confirmEmail

    /// The page's default path (a subclass of its scene may move it).
    var path: String {
        switch self {
        case .signIn: "/signin"
        case .signUp: "/signup"
        case .password: "/account/password"
        case .forgotPassword: "/account/forgot"
        case .resetPassword: "/account/reset"
        case .email: "/account/email"
        case .confirmEmail: "/account/email/confirm"
        }
    }

    /// Who may open it: a member for the password and address pages, anyone for the rest.
    var policy: Policy {
        switch self {
        case .password, .email: .signedIn
        case .signIn, .signUp, .forgotPassword, .resetPassword, .confirmEmail: .anyone
        }
    }

    /// The page's title.
    var title: String {
        switch self {
        case .signIn: "Sign in"
        case .signUp: "Create an account"
        case .password: "Change your password"
        case .forgotPassword: "Forgot your password?"
        case .resetPassword: "Choose a new password"
        case .email: "Your e-mail address"
        case .confirmEmail: "Confirm your address"
        }
    }

    /// The page's one slot: its form component.
    var slot: ComponentSlot {
        switch self {
        case .signIn: Self.slot("sign-in", SignInFormComponent.init)
        case .signUp: Self.slot("sign-up", SignUpFormComponent.init)
        case .password: Self.slot("password", PasswordFormComponent.init)
        case .forgotPassword: Self.slot("forgot-password", ForgotPasswordFormComponent.init)
        case .resetPassword: Self.slot("choose-password", ResetPasswordFormComponent.init)
        case .email: Self.slot("email", EmailFormComponent.init)
        case .confirmEmail: Self.slot("confirm-email", ConfirmEmailComponent.init)
        }
    }

    private static func slot<C: Component>(_ id: String, _ make: @escaping @Sendable () -> C) -> ComponentSlot {
        ComponentSlot(id: id, type: C.self, isLazy: false) { _, _ in make() }
    }
}
