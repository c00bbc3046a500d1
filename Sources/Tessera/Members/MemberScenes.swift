// MARK: - SignInScene

/// `GET /signin`, `POST /signin` (sign in), `POST /signin/signout` (sign out). Subclass it to
/// move it (`path`) or retitle it (``title``), and list the subclass in ``Members/scenes``.
open class SignInScene: Scene, @unchecked Sendable {
    open override class var path: String { "/signin" }
    open override class var rendersComponentsInOrder: Bool { true }
    open override class var composition: [ComponentSlot] { [ComponentSlot("sign-in", SignInFormComponent.self)] }
    /// The page's title; default "Sign in".
    open var title: String { "Sign in" }

    open override func configureComponents(_ scope: RequestScope) { add(SignInFormComponent(id: "sign-in")) }
    open override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}

// MARK: - SignUpScene

/// `GET /signup`, `POST /signup`: become a member.
open class SignUpScene: Scene, @unchecked Sendable {
    open override class var path: String { "/signup" }
    open override class var rendersComponentsInOrder: Bool { true }
    open override class var composition: [ComponentSlot] { [ComponentSlot("sign-up", SignUpFormComponent.self)] }
    /// The page's title; default "Create an account".
    open var title: String { "Create an account" }

    open override func configureComponents(_ scope: RequestScope) { add(SignUpFormComponent(id: "sign-up")) }
    open override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}

// MARK: - PasswordScene

/// `GET /account/password`, `POST /account/password`: a member changes their password
/// (``Scene/requiresSignIn``: visitors are sent to sign in and back).
open class PasswordScene: Scene, @unchecked Sendable {
    open override class var path: String { "/account/password" }
    open override class var requiresSignIn: Bool { true }
    open override class var rendersComponentsInOrder: Bool { true }
    open override class var composition: [ComponentSlot] { [ComponentSlot("password", PasswordFormComponent.self)] }
    /// The page's title; default "Change your password".
    open var title: String { "Change your password" }

    open override func configureComponents(_ scope: RequestScope) { add(PasswordFormComponent(id: "password")) }
    open override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}
