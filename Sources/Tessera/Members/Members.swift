import Foundation

// MARK: - Members

/// Members as a framework feature: sign-up, sign-in, sign-out and password change on the app's
/// own member table, with bcrypt, sessions, throttles and notices done by Tessera; and, when
/// the table keeps addresses (`MemberTable.email`), a forgotten password reset and address
/// confirmation by mailed single-use links. An app adopts
/// it in one declaration:
///
/// ```swift
/// var members: Members? { Members() }   // the `member` table of MemberTable.registerMigration
/// ```
///
/// Tessera then mounts `scenes` (`/signin`, `/signup`, `/account/password`, and
/// `/account/forgot`, `/account/reset`, `/account/email`, `/account/email/confirm`) beside the app's,
/// gives every template the signed-in `member` and the `memberPages` links, and sends visitors
/// asking for a members' page (``Policy/signedIn``) to sign in and back. Their templates are Tessera's
/// (`Tessera/SignInForm`, `Tessera/SignUpForm`, `Tessera/PasswordForm`) until the app puts its
/// own of the same name in `Views/`; its copy and pages stay the app's to change.
///
/// Guessing is throttled before any password is checked (`AttemptThrottle`): at most
/// ``signInRule``'s limit of attempts per account name and ``addressRule``'s per client address
/// reach bcrypt, however many arrive at once, on any number of processes sharing the database.
public struct Members: Sendable {
    /// Where members live; default ``MemberTable/init(_:id:username:passwordHash:displayName:email:newRowValues:)``'s
    /// `member` table.
    package var table: MemberTable
    /// The scenes mounted for members, in order; default ``SignInScene``, ``SignUpScene`` and
    /// ``PasswordScene``, then — when the table keeps addresses — ``ForgotPasswordScene``,
    /// ``ResetPasswordScene``, ``EmailScene`` and ``ConfirmEmailScene``. Replace one with a subclass to move it (its `path`) or retitle it; drop
    /// ``SignUpScene`` to close sign-ups.
    package var scenes: [Scene.Type]
    /// Where a member goes after signing in or up when the form carried no `next`; default `/`.
    package var home: String
    /// Where a new member goes after signing up when the form carried no `next`, given their
    /// id (say their profile); default nil, `home`.
    public var welcomePage: (@Sendable (Int64) -> String)?

    /// Sign-in attempts per account name (known or not, so answers never tell which exist):
    /// default 5 in 15 minutes, then 15 minutes' wait; a success forgives the account.
    public var signInRule = ThrottleRule(name: "members.signin.account", limit: 5, window: 900, lockout: 900)
    /// Sign-in attempts per client address (`ClientAddress`): default 30 in 15 minutes; a
    /// success does not count.
    public var addressRule = ThrottleRule(
        name: "members.signin.address", limit: 30, window: 900, lockout: 900, success: .refunds)
    /// Current-password attempts per member when changing it: default 5 in 15 minutes.
    public var passwordRule = ThrottleRule(name: "members.password", limit: 5, window: 900, lockout: 900)
    /// Sign-ups per client address: default 10 an hour, each one counted.
    public var signUpRule = ThrottleRule(name: "members.signup.address", limit: 10, window: 3600, lockout: 3600, success: .counts)
    /// Password resets asked for one address: default 3 an hour, each one counted (whether a
    /// member has the address or not, so the limit tells nothing).
    public var resetAddressRule = ThrottleRule(name: "members.reset.address", limit: 3, window: 3600, lockout: 3600, success: .counts)
    /// Password resets asked for from one client address: default 10 an hour.
    public var resetClientRule = ThrottleRule(name: "members.reset.client", limit: 10, window: 3600, lockout: 3600, success: .counts)
    /// Confirmation mails a member asks for: default 5 an hour.
    public var confirmRule = ThrottleRule(name: "members.confirm.member", limit: 5, window: 3600, lockout: 3600, success: .counts)
    /// Confirmation mails sent to one address, whoever asked (sign-ups and address changes of
    /// any members): default 3 an hour. Past it the mail is quietly not sent: the form answers
    /// as when it is, so the limit tells no one what was asked for that address.
    public var confirmAddressRule = ThrottleRule(
        name: "members.confirm.address", limit: 3, window: 3600, lockout: 3600, success: .counts)
    /// How long a mailed link works, in seconds: default an hour.
    public var linkLifetime: TimeInterval = 3600

    /// Members in `table` (default the `member` table), through `scenes` (default `defaultScenes(for:)`),
    /// going to `home` (default `/`) after signing in.
    public init(table: MemberTable = MemberTable(), scenes: [Scene.Type]? = nil, home: String = "/") {
        self.table = table
        self.scenes = scenes ?? Self.defaultScenes(for: table)
        self.home = home
    }

    /// The pages of a members' kit on `table`: sign in, sign up, change password, and the four
    /// pages of mailed links when the table keeps addresses.
    public static func defaultScenes(for table: MemberTable) -> [Scene.Type] {
        [SignInScene.self, SignUpScene.self, PasswordScene.self]
            + (table.email == nil ? [] : [ForgotPasswordScene.self, ResetPasswordScene.self, EmailScene.self, ConfirmEmailScene.self])
    }

    /// The mails the kit sends (checked at start-up with the app's): none without addresses.
    package var mails: [any MailMessage.Type] {
        table.email == nil ? [] : [PasswordResetMail.self, AddressConfirmationMail.self]
    }

    // MARK: - Pages

    /// The sign-in page's path (the first ``SignInScene`` of ``scenes``), or nil.
    package var signInPath: String? { signInScene?.path }
    /// The sign-up page's path, or nil when sign-ups are closed.
    package var signUpPath: String? { scenes.first { $0 is SignUpScene.Type }?.path }
    /// The password page's path, or nil.
    package var passwordPath: String? { scenes.first { $0 is PasswordScene.Type }?.path }
    /// The forgotten-password page's path, or nil.
    package var forgotPasswordPath: String? { scenes.first { $0 is ForgotPasswordScene.Type }?.path }
    /// The path of the page a reset link opens, or nil.
    package var resetPasswordPath: String? { scenes.first { $0 is ResetPasswordScene.Type }?.path }
    /// The address page's path, or nil.
    package var emailPath: String? { scenes.first { $0 is EmailScene.Type }?.path }
    /// The path of the page a confirmation link opens, or nil.
    package var confirmEmailPath: String? { scenes.first { $0 is ConfirmEmailScene.Type }?.path }
    /// Where the sign-out form posts, or nil without a sign-in page.
    package var signOutPath: String? { signInScene?.link(to: SignInFormComponent.signOut) }

    private var signInScene: Scene.Type? { scenes.first { $0 is SignInScene.Type } }
}
