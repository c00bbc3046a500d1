// MARK: - BackOffice

/// A back office for the app's records: one declaration lists the record types (`SQLModel`s,
/// `@Model`) an admin may browse and change, and Tessera mounts its pages beside the app's:
///
/// ```swift
/// var backOffice: BackOffice? { BackOffice(Klass.self, Instructor.self) }
/// ```
///
/// At `/admin` (or ``path``): an index of the types; per type a paged, searchable list (25 a
/// page, `?page=`, `?q=` over its text columns, `?<column>=true|false` for its boolean ones,
/// `?<column>=set|empty` for its other optional ones),
/// live, so another admin's change appears on an open list; each record's page with its change
/// log; new and edit forms drawn from the type's `TableSchema` (text, numbers, booleans, dates,
/// optional values, an enum's cases, a reference chosen among the referenced table's rows),
/// holding to the checks its columns declare (`@Column(.length(…))`, `.range`, `.format`); and
/// deleting after a confirmation.
/// Every page and action is guarded by ``Policy/role(_:)`` with ``role`` (``Role/admin`` unless
/// the app names another; grant it with ``MemberRoles`` or `tessera roles grant`), and works
/// without JavaScript:
///
/// ```swift
/// var backOffice: BackOffice? { BackOffice(Klass.self, Instructor.self, path: "/office", role: "editor") }
/// ```
///
/// Every change made here is logged in the `back_office_changes` table, in the transaction that
/// makes it: who, when, which record, what was done, and each changed field's value before and
/// after (JSON text). A record's page shows its log.
///
/// Its templates are Tessera's (`Tessera/BackOfficeIndex`, `Tessera/BackOfficeList`,
/// `Tessera/BackOfficeRecord`, `Tessera/BackOfficeForm`, `Tessera/BackOfficeDelete`) until the
/// app puts its own of the same name in `Views/`.
public struct BackOffice: Sendable {
    /// Most rows a page of a list shows.
    static let pageSize = 25

    /// Where it is mounted: its index's path, the other pages under it (`/admin`, `/admin/klass`).
    public let path: String
    /// Who may use it: every page, fragment and action requires this role.
    public let role: Role
    /// The record types, in the order given.
    let entries: [BackOfficeEntry]

    /// A back office for `models`, listed in this order, mounted at `path` (a path of its own,
    /// such as `/office`: no parameter, no trailing slash; start-up refuses another) for members
    /// with `role`.
    public init(_ models: any SQLModel.Type..., path: String = "/admin", role: Role = .admin) {
        self.init(models, path: path, role: role)
    }

    /// A back office for `models`, listed in this order, mounted at `path` for members with
    /// `role`.
    public init(_ models: [any SQLModel.Type], path: String = "/admin", role: Role = .admin) {
        entries = models.map { BackOfficeEntry($0) }
        self.path = path
        self.role = role
    }

    // MARK: - Mounting

    /// The pages Tessera mounts.
    var scenes: [BackOfficeScene.Type] {
        [
            BackOfficeIndexScene.self, BackOfficeListScene.self, BackOfficeNewScene.self, BackOfficeRecordScene.self,
            BackOfficeEditScene.self, BackOfficeDeleteScene.self,
        ]
    }

    /// Its pages' plans: each scene under ``path``, guarded by ``role``.
    func plans(layoutComposition: [ComponentSlot]) -> [ScenePlan] {
        scenes.map { scene in
            ScenePlan(scene, path: path + scene.suffix, policy: .role(role), layoutComposition: layoutComposition)
        }
    }

    /// What start-up refuses: a path that is not one of its own, a role that is not a role's name.
    var problems: [StartupProblem] {
        var problems: [StartupProblem] = []
        let bytes = Array(path.utf8)
        if bytes.count < 2 || bytes.first != UInt8(ascii: "/") || bytes.last == UInt8(ascii: "/")
            || path.contains("//") || path.contains(":") || path.contains("*") || path.contains("?") || path.contains("#")
        {
            problems.append(
                StartupProblem(
                    file: nil, type: "BackOffice",
                    message: "its path '\(path)' is not a path of its own: give one such as /admin or /office (no parameter, no trailing slash)"))
        }
        if !role.isValid {
            problems.append(
                StartupProblem(file: nil, type: "BackOffice", message: "its role '\(role.name)': \(RoleError.invalidName(role.name))"))
        }
        return problems
    }

    // MARK: - Reading

    /// The address of `scene`'s page in this back office, its parameters (`:type`, `:id`)
    /// filled with `values` in order, each percent-encoded: `url(BackOfficeRecordScene.self,
    /// "klass", "12")` is `/admin/klass/12`.
    func url(_ scene: BackOfficeScene.Type, _ values: String...) -> String {
        var remaining = values.makeIterator()
        return Scene.fill(path + scene.suffix) { _ in remaining.next() ?? "" }
    }

    /// The registered type whose address segment is `slug`.
    func entry(_ slug: String) -> BackOfficeEntry? { entries.first { $0.slug == slug } }

    /// The registered type kept in `table`.
    func entry(table: String) -> BackOfficeEntry? { entries.first { $0.schema.name.lowercased() == table.lowercased() } }
}
