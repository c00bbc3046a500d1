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
    open override class var composition: [ComponentSlot] { [slot("sign-in") { _, _ in SignInFormComponent() }] }
    /// "Sign in".
    open override var title: String { "Sign in" }

}

// MARK: - SignUpScene

/// `GET /signup`, `POST /signup`: become a member.
open class SignUpScene: MemberPageScene {
    open override class var path: String { "/signup" }
    open override class var composition: [ComponentSlot] { [slot("sign-up") { _, _ in SignUpFormComponent() }] }
    /// "Create an account".
    open override var title: String { "Create an account" }

}

// MARK: - PasswordScene

/// `GET /account/password`, `POST /account/password`: a member changes their password
/// (``Scene/requiresSignIn``: visitors are sent to sign in and back).
open class PasswordScene: MemberPageScene {
    open override class var path: String { "/account/password" }
    open override class var requiresSignIn: Bool { true }
    open override class var composition: [ComponentSlot] { [slot("password") { _, _ in PasswordFormComponent() }] }
    /// "Change your password".
    open override var title: String { "Change your password" }

}
