// MARK: - MemberPageScene

/// What the members' pages share: one form component shown on its own, and a title. Subclass a
/// page (not this) to move it (`path`) or retitle it (``title``), and list the subclass in
/// ``Members/scenes``.
open class MemberPageScene: Scene {
    open override class var rendersComponentsInOrder: Bool { true }
    /// The page's title.
    open var title: String { "" }

    open override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}

// MARK: - SignInScene

/// `GET /signin`, `POST /signin` (sign in), `POST /signin/signout` (sign out).
open class SignInScene: MemberPageScene {
    open override class var path: String { "/signin" }
    open override class var policy: Policy? { .anyone }
    open override class var composition: [ComponentSlot] { [slot("sign-in") { _, _ in SignInFormComponent() }] }
    /// "Sign in".
    open override var title: String { "Sign in" }

}

// MARK: - SignUpScene

/// `GET /signup`, `POST /signup`: become a member.
open class SignUpScene: MemberPageScene {
    open override class var path: String { "/signup" }
    open override class var policy: Policy? { .anyone }
    open override class var composition: [ComponentSlot] { [slot("sign-up") { _, _ in SignUpFormComponent() }] }
    /// "Create an account".
    open override var title: String { "Create an account" }

}

// MARK: - PasswordScene

/// `GET /account/password`, `POST /account/password`: a member changes their password
/// (``Policy/signedIn``: visitors are sent to sign in and back).
open class PasswordScene: MemberPageScene {
    open override class var path: String { "/account/password" }
    open override class var policy: Policy? { .signedIn }
    open override class var composition: [ComponentSlot] { [slot("password") { _, _ in PasswordFormComponent() }] }
    /// "Change your password".
    open override var title: String { "Change your password" }

}

// MARK: - ForgotPasswordScene

/// `GET /account/forgot`, `POST /account/forgot`: ask for a link to choose a new password.
open class ForgotPasswordScene: MemberPageScene {
    open override class var path: String { "/account/forgot" }
    open override class var policy: Policy? { .anyone }
    open override class var composition: [ComponentSlot] { [slot("forgot-password") { _, _ in ForgotPasswordFormComponent() }] }
    /// "Forgot your password?".
    open override var title: String { "Forgot your password?" }
}

// MARK: - ResetPasswordScene

/// `GET /account/reset?token=…`, `POST /account/reset`: the page a reset link opens.
open class ResetPasswordScene: MemberPageScene {
    open override class var path: String { "/account/reset" }
    open override class var policy: Policy? { .anyone }
    open override class var composition: [ComponentSlot] { [slot("choose-password") { _, _ in ResetPasswordFormComponent() }] }
    /// "Choose a new password".
    open override var title: String { "Choose a new password" }
}

// MARK: - EmailScene

/// `GET /account/email`, `POST /account/email`: a member's address (``Policy/signedIn``).
open class EmailScene: MemberPageScene {
    open override class var path: String { "/account/email" }
    open override class var policy: Policy? { .signedIn }
    open override class var composition: [ComponentSlot] { [slot("email") { _, _ in EmailFormComponent() }] }
    /// "Your e-mail address".
    open override var title: String { "Your e-mail address" }
}

// MARK: - ConfirmEmailScene

/// `GET /account/email/confirm?token=…`, `POST /account/email/confirm`: the page a confirmation
/// link opens, signed in or not.
open class ConfirmEmailScene: MemberPageScene {
    open override class var path: String { "/account/email/confirm" }
    open override class var policy: Policy? { .anyone }
    open override class var composition: [ComponentSlot] { [slot("confirm-email") { _, _ in ConfirmEmailComponent() }] }
    /// "Confirm your address".
    open override var title: String { "Confirm your address" }
}
