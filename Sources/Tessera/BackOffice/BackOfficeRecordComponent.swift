// MARK: - BackOfficeRecordComponent

/// A record's page (template `Tessera/BackOfficeRecord`): each column's value (a reference
/// linking to its record when the back office holds its table), links to edit and delete it,
/// and its change log, newest first, each field's value before and after.
@Component
struct BackOfficeRecordComponent {
    static var template: String? { "Tessera/BackOfficeRecord" }

    let office: BackOffice
    let entry: BackOfficeEntry
    let record: BackOfficeRecord

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let members = scope.site.configuration.members?.table
        let (changes, names) = try await scope.database.read { db in
            let changes = try await BackOfficeChanges.changes(of: entry, key: record.keyText, in: db)
            return (changes, try await Self.memberNames(Set(changes.compactMap(\.memberID)), in: members, db: db))
        }
        let slug = entry.slug
        return Model(
            label: entry.label, key: record.keyText, listURL: office.url(BackOfficeListScene.self, slug),
            editURL: office.url(BackOfficeEditScene.self, slug, record.keyText),
            deleteURL: office.url(BackOfficeDeleteScene.self, slug, record.keyText),
            fields: entry.schema.columns.map { column in
                let value = record[column.name]
                let target = column.references.flatMap { office.entry(table: $0.table) }
                let link = value == .null ? nil : target.map { office.url(BackOfficeRecordScene.self, $0.slug, BackOfficeValues.text(value) ?? "") }
                return Field(label: BackOfficeLabels.label(of: column), value: BackOfficeValues.shown(value), url: link)
            },
            changes: changes.map { change in
                Change(
                    action: change.kind.rawValue, when: BackOfficeValues.dateText(change.changedAt, separator: " ") + " UTC",
                    who: change.memberID.map { id in names[id].map { "\($0) (member \(id))" } ?? "Member \(id)" } ?? "Someone",
                    fields: change.fields.map { field in
                        FieldChange(
                            name: field.name, label: entry.schema.column(field.name).map(BackOfficeLabels.label(of:)) ?? field.name,
                            before: field.before ?? "—", after: field.after ?? "—")
                    })
            })
    }

    /// The names of members `ids`, read from the members' table when the app has one.
    private static func memberNames(_ ids: Set<Int64>, in table: MemberTable?, db: SQLConnection) async throws -> [Int64: String] {
        guard let table, !ids.isEmpty else { return [:] }
        var arguments = SQLArguments()
        let list = arguments.appendList(ids.sorted())
        let name = db.dialect.quoted(table.displayName ?? table.username)
        let rows = try await db.fetchAll(
            "SELECT \(db.dialect.quoted(table.id)), \(name) FROM \(db.dialect.quoted(table.name)) WHERE \(db.dialect.quoted(table.id)) IN (\(list))",
            arguments
        ) { row in (try row[0] as Int64, try row[1] as String) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// What `Tessera/BackOfficeRecord` reads.
    @TemplateModel
    struct Model {
        let label: String
        let key: String
        let listURL: String
        let editURL: String
        let deleteURL: String
        let fields: [Field]
        let changes: [Change]
        var hasChanges: Bool { !changes.isEmpty }
    }

    /// A column and its value; `url` when it references a record the back office shows.
    @TemplateModel
    struct Field {
        let label: String
        let value: String
        let url: String?
    }

    /// A logged change.
    @TemplateModel
    struct Change {
        let action: String
        let when: String
        let who: String
        let fields: [FieldChange]
    }

    /// A field's value before and after a change.
    @TemplateModel
    struct FieldChange {
        let name: String
        let label: String
        let before: String
        let after: String
    }
}
