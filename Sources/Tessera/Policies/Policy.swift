// MARK: - Policy

/// Who may use a scene or run an action: anyone, a signed-in member, a member with a role, or the
/// owner of the record the scene (or the action's component) loaded — or any of these (`||`).
///
/// Every scene declares one (``Scene/policy``): it covers the page and everything the page holds —
/// its components' fragments, their children, their live follows and their actions — all through
/// the one request pipeline, so no component URL can be forgotten. An action may narrow it with its
/// own (``Action/init(_:path:maxBodySize:policy:_:)``): both must allow. A scene with no policy
/// stops start-up, naming the scene; `tessera routes` prints each route's.
///
/// ```swift
/// final class BlogScene: Scene {
///     override class var policy: Policy? { .anyone }
/// }
/// final class BlogEditScene: Scene {
///     override class var policy: Policy? { .owner { (scene: BlogEditScene) in scene.blog?.authorID } || .role(.admin) }
/// }
/// static let comment = Action("comment", policy: .signedIn, CommentFormComponent.comment)
/// ```
///
/// What a refusal answers: a visitor asking for a page is sent to sign in and back (a fragment or
/// an action: `403`); a member without the role gets `403`; a member who does not own the record
/// gets `404`, as for a record that does not exist, so a policy tells no one what others have.
/// Checks that need only the viewer run before the scene parses anything; an owner's runs right
/// after ``Scene/loadData(_:)`` (or, for an action's, once its component is made), before any
/// component loads or any handler runs.
public struct Policy: Sendable, CustomStringConvertible {
    let rule: Rule

    /// What a policy allows.
    indirect enum Rule: Sendable {
        case anyone
        case signedIn
        case role(Role)
        case owner(Owner)
        case either(Rule, Rule)
    }

    /// An owner rule: the type of the subject it reads (a scene or a component) and how it reads
    /// the owner's member id.
    struct Owner: Sendable {
        let subjectName: String
        /// Whether a value of `type` is a subject of this rule.
        let accepts: @Sendable (Any.Type) -> Bool
        /// The owner's id, or nil when `subject` is not this rule's subject or its record has none.
        let ownerID: @Sendable (Any) -> Int64??
    }

    // MARK: - Policies

    /// Anyone, visitors included.
    public static let anyone = Policy(rule: .anyone)

    /// Any signed-in member.
    public static let signedIn = Policy(rule: .signedIn)

    /// A signed-in member who has `role` (``MemberRoles``).
    public static func role(_ role: Role) -> Policy { Policy(rule: .role(role)) }

    /// The signed-in member whose id `ownerID` reads from `Subject` once it loaded its record:
    /// the scene (after ``Scene/loadData(_:)``) for a scene's policy, the scene or the action's
    /// component for an action's. A subject with no record (`nil`) is owned by no one. Start-up
    /// refuses a policy whose `Subject` is neither.
    public static func owner<Subject>(_ ownerID: @escaping @Sendable (Subject) -> Int64?) -> Policy {
        Policy(
            rule: .owner(
                Owner(
                    subjectName: String(describing: Subject.self), accepts: { $0 is Subject.Type },
                    ownerID: { subject in (subject as? Subject).map(ownerID) })))
    }

    /// Either policy: whoever `lhs` or `rhs` allows.
    public static func || (lhs: Policy, rhs: Policy) -> Policy { Policy(rule: .either(lhs.rule, rhs.rule)) }

    // MARK: - Reading

    /// In words, as `tessera routes` prints it: `anyone`, `signed in`, `role admin`,
    /// `owner (BlogEditScene) or role admin`.
    public var description: String { Self.words(rule) }

    /// Whether it allows anyone at all, visitors included, whatever they loaded.
    var allowsAnyone: Bool { Self.allowsAnyone(rule) }

    /// The roles it names.
    var roles: [Role] { Self.roles(rule) }

    /// Its owner rules.
    var owners: [Owner] { Self.owners(rule) }

    private static func words(_ rule: Rule) -> String {
        switch rule {
        case .anyone: "anyone"
        case .signedIn: "signed in"
        case .role(let role): "role \(role.name)"
        case .owner(let owner): "owner (\(owner.subjectName))"
        case .either(let lhs, let rhs): words(lhs) + " or " + words(rhs)
        }
    }

    private static func allowsAnyone(_ rule: Rule) -> Bool {
        switch rule {
        case .anyone: true
        case .signedIn, .role, .owner: false
        case .either(let lhs, let rhs): allowsAnyone(lhs) || allowsAnyone(rhs)
        }
    }

    private static func roles(_ rule: Rule) -> [Role] {
        switch rule {
        case .role(let role): [role]
        case .either(let lhs, let rhs): roles(lhs) + roles(rhs)
        case .anyone, .signedIn, .owner: []
        }
    }

    private static func owners(_ rule: Rule) -> [Owner] {
        switch rule {
        case .owner(let owner): [owner]
        case .either(let lhs, let rhs): owners(lhs) + owners(rhs)
        case .anyone, .signedIn, .role: []
        }
    }
}
