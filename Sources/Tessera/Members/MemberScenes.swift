// MARK: - MemberPageScene

/// What the members' pages share: one form component shown on its own, and a title. Subclass a
/// page (not this) to move it (`path`) or retitle it (``title``), and list the subclass in
/// ``Members/scenes``.
open class MemberPageScene: Scene, @unchecked Sendable {
    open override class var rendersComponentsInOrder: Bool { true }
    /// The page's title.
    open var title: String { "" }

    open override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}

// MARK: - SignInScene

/// `GET /signin`, `POST /signin` (sign in), `POST /signin/signout` (sign out).
open class SignInScene: MemberPageScene, @unchecked Sendable {
    open override class var path: String { "/signin" }
    open override class var composition: [ComponentSlot] { [ComponentSlot("sign-in", SignInFormComponent.self)] }
    /// "Sign in".
    open override var title: String { "Sign in" }

    open override func configureComponents(_ scope: RequestScope) { add(SignInFormComponent(id: "sign-in")) }
}

// MARK: - SignUpScene

/// `GET /signup`, `POST /signup`: become a member.
open class SignUpScene: MemberPageScene, @unchecked Sendable {
    open override class var path: String { "/signup" }
    open override class var composition: [ComponentSlot] { [ComponentSlot("sign-up", SignUpFormComponent.self)] }
    /// "Create an account".
    open override var title: String { "Create an account" }

    open override func configureComponents(_ scope: RequestScope) { add(SignUpFormComponent(id: "sign-up")) }
}

// MARK: - PasswordScene

/// `GET /account/password`, `POST /account/password`: a member changes their password
/// (``Scene/requiresSignIn``: visitors are sent to sign in and back).
open class PasswordScene: MemberPageScene, @unchecked Sendable {
    open override class var path: String { "/account/password" }
    open override class var requiresSignIn: Bool { true }
    open override class var composition: [ComponentSlot] { [ComponentSlot("password", PasswordFormComponent.self)] }
    /// "Change your password".
    open override var title: String { "Change your password" }

    open override func configureComponents(_ scope: RequestScope) { add(PasswordFormComponent(id: "password")) }
}
