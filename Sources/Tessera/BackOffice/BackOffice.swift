// MARK: - BackOffice

/// A back office for the app's records: one declaration lists the record types (`SQLModel`s,
/// `@Model`) an admin may browse and change, and Tessera mounts its pages beside the app's:
///
/// ```swift
/// var backOffice: BackOffice? { BackOffice(Klass.self, Instructor.self) }
/// ```
///
/// At `/admin`: an index of the types; per type a paged, searchable list (25 a page, `?page=`,
/// `?q=` over its text columns, `?<column>=true|false` for its boolean ones), live, so another
/// admin's change appears on an open list; each record's page with its change log; new and edit
/// forms drawn from the type's `TableSchema` (text, numbers, booleans, dates, optional values,
/// an enum's cases, a reference chosen among the referenced table's rows), holding to the
/// checks its columns declare (`@Column(.length(…))`, `.range`, `.format`); and deleting after
/// a confirmation.
/// Every page and action is guarded by ``Policy/role(_:)`` with ``Role/admin`` (grant it with
/// ``MemberRoles`` or `tessera roles grant`), and works without JavaScript.
///
/// Every change made here is logged in the `back_office_changes` table, in the transaction that
/// makes it: who, when, which record, what was done, and each changed field's value before and
/// after (JSON text). A record's page shows its log.
///
/// Its templates are Tessera's (`Tessera/BackOfficeIndex`, `Tessera/BackOfficeList`,
/// `Tessera/BackOfficeRecord`, `Tessera/BackOfficeForm`, `Tessera/BackOfficeDelete`) until the
/// app puts its own of the same name in `Views/`.
public struct BackOffice: Sendable {
    /// Where the back office is mounted.
    static let path = "/admin"
    /// Who may use it.
    static let role = Role.admin
    /// Most rows a page of a list shows.
    static let pageSize = 25

    /// The record types, in the order given.
    let entries: [BackOfficeEntry]

    /// A back office for `models`, listed in this order.
    package init(_ models: any SQLModel.Type...) { self.init(models) }

    /// A back office for `models`, listed in this order.
    package init(_ models: [any SQLModel.Type]) {
        entries = models.map { BackOfficeEntry($0) }
    }

    // MARK: - Reading

    /// The pages Tessera mounts.
    var scenes: [Scene.Type] {
        [
            BackOfficeIndexScene.self, BackOfficeListScene.self, BackOfficeNewScene.self, BackOfficeRecordScene.self,
            BackOfficeEditScene.self, BackOfficeDeleteScene.self,
        ]
    }

    /// The registered type whose address segment is `slug`.
    func entry(_ slug: String) -> BackOfficeEntry? { entries.first { $0.slug == slug } }

    /// The registered type kept in `table`.
    func entry(table: String) -> BackOfficeEntry? { entries.first { $0.schema.name.lowercased() == table.lowercased() } }
}
