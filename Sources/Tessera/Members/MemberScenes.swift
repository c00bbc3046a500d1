// MARK: - MemberPageScene

/// What the members' pages share: one form component shown on its own, with a title, at a
/// path and under a policy, all read from the kit's page the subclass names. Subclass a page
/// (not this) to move it (`path`) or retitle it (``title``), and list the subclass in
/// ``Members/init(table:scenes:home:)``'s `scenes`.
open class MemberPageScene: Scene {
    /// The kit's page this scene is; nil for this class itself, which mounts nothing.
    class var page: MemberPage? { nil }

    /// The page's path: its default, unless a subclass moves it.
    open override class var path: String { page?.path ?? "" }
    /// Who may open the page (a member for the password and address pages, anyone otherwise).
    open override class var policy: Policy? { page?.policy }
    /// The page's one form component.
    open override class var composition: [ComponentSlot] { page.map { [$0.slot] } ?? [] }
    /// The form alone, in order (no scene template).
    open override class var rendersComponentsInOrder: Bool { true }
    /// The page's title.
    open var title: String { Self.page?.title ?? "" }

    /// Sets the page's ``title``.
    open override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}

// MARK: - The pages

/// `GET /signin`, `POST /signin` (sign in), `POST /signin/signout` (sign out). "Sign in".
open class SignInScene: MemberPageScene { override class var page: MemberPage? { .signIn } }

/// `GET /signup`, `POST /signup`: become a member. "Create an account".
open class SignUpScene: MemberPageScene { override class var page: MemberPage? { .signUp } }

/// `GET /account/password`, `POST /account/password`: a member changes their password
/// (``Policy/signedIn``: visitors are sent to sign in and back). "Change your password".
open class PasswordScene: MemberPageScene { override class var page: MemberPage? { .password } }

/// `GET /account/forgot`, `POST /account/forgot`: ask for a link to choose a new password.
/// "Forgot your password?".
open class ForgotPasswordScene: MemberPageScene { override class var page: MemberPage? { .forgotPassword } }

/// `GET /account/reset?token=…`, `POST /account/reset`: the page a reset link opens. "Choose a
/// new password".
open class ResetPasswordScene: MemberPageScene { override class var page: MemberPage? { .resetPassword } }

/// `GET /account/email`, `POST /account/email`: a member's address (``Policy/signedIn``).
/// "Your e-mail address".
open class EmailScene: MemberPageScene { override class var page: MemberPage? { .email } }

/// `GET /account/email/confirm?token=…`, `POST /account/email/confirm`: the page a
/// confirmation link opens, signed in or not. "Confirm your address".
open class ConfirmEmailScene: MemberPageScene { override class var page: MemberPage? { .confirmEmail } }
