// MARK: - BackOfficeFormComponent

/// A record's form (template `Tessera/BackOfficeForm`), new or existing: a field per column,
/// drawn from the schema. Saving checks every field (its kind, a reference's row, a unique
/// column's other rows) and refuses with a 400 showing what was typed and a message per field;
/// else it writes the record and its change log in one transaction and goes to its page (303).
@Component
struct BackOfficeFormComponent {
    static var template: String? { "Tessera/BackOfficeForm" }
    static var queryBudget: Int { 12 }
    static let save = Action("save", path: "", BackOfficeFormComponent.save)

    let office: BackOffice
    let entry: BackOfficeEntry
    /// The record edited, or nil for a new one.
    let record: BackOfficeRecord?

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        try await model(BackOfficeForm(entry, record: record), scope)
    }

    // MARK: - Saving

    func save(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        var form = BackOfficeForm(entry, creating: record == nil, form: scope.form)
        let key = record?.key
        let (checked, values) = (form, form.values)
        let found: [String: String] = try await scope.database.read { db in
            let store = BackOfficeStore(entry: entry, db: db)
            var found: [String: String] = [:]
            for column in checked.columns where checked.errors[column.name] == nil {
                guard let value = values.first(where: { $0.0 == column.name })?.1, value != .null else { continue }
                if let reference = column.references {
                    let exists = try await BackOfficeStore.exists(value, for: reference, in: db)
                    if !exists { found[column.name] = "Choose one of the rows listed." }
                } else if column.isUnique || column.name == entry.schema.primaryKey {
                    let taken = try await store.isTaken(column.name, value, except: key)
                    if taken { found[column.name] = "Another \(entry.label.lowercased()) has this \(BackOfficeLabels.label(of: column).lowercased())." }
                }
            }
            return found
        }
        form.errors.merge(found) { first, _ in first }
        guard form.errors.isEmpty else { return .invalid(try await model(form, scope)) }
        let memberID = scope.userID
        let saved: String? = try await scope.database.write { db in
            let store = BackOfficeStore(entry: entry, db: db)
            if let key {
                guard let before = try await store.find(key) else { return nil }
                try await store.update(key, values)
                let after = try await store.find(key)
                try await BackOfficeChanges.log(.update, entry, key: before.keyText, before: before, after: after, by: memberID, in: db)
                return before.keyText
            }
            let newKey = try await store.insert(values)
            let after = try await store.find(newKey)
            let keyText = BackOfficeValues.text(newKey) ?? ""
            try await BackOfficeChanges.log(.create, entry, key: keyText, before: nil, after: after, by: memberID, in: db)
            return keyText
        }
        guard let saved else { throw RequestError.notFound("There is no such record: it may have been deleted.") }
        return ActionResult.redirect(to: office.url(BackOfficeRecordScene.self, entry.slug, saved))
            .withNotice(Notice(record == nil ? "\(entry.label) \(saved) was created." : "\(entry.label) \(saved) was saved."))
    }

    // MARK: - Model

    /// What `Tessera/BackOfficeForm` reads.
    @TemplateModel
    struct Model {
        let heading: String
        let actionURL: String
        let cancelURL: String
        let button: String
        let fields: [FormField]
        let summary: ErrorSummary
    }

    /// The form's model: `form`'s fields, with the rows each reference column may name.
    private func model(_ form: BackOfficeForm, _ scope: ComponentScope<Self>) async throws -> Model {
        let office = office
        let references = form.columns.compactMap { column in column.references.map { (column.name, $0) } }
        let choices = try await scope.database.read { db in
            var choices: [String: [(key: String, title: String)]] = [:]
            for (name, reference) in references {
                choices[name] = try await BackOfficeStore.choices(for: reference, titled: office.entry(table: reference.table), in: db)
            }
            return choices
        }
        let fields = form.fields(choices: choices, cases: entry.cases)
        let summary = form.errors.isEmpty
            ? ErrorSummary([]) : ErrorSummary(fields, message: record == nil ? "The record was not created." : "The record was not saved.")
        let slug = entry.slug
        return Model(
            heading: record.map { "Edit \(entry.label.lowercased()) \($0.keyText)" } ?? "New \(entry.label.lowercased())",
            actionURL: scope.url(for: Self.save),
            cancelURL: record.map { office.url(BackOfficeRecordScene.self, slug, $0.keyText) } ?? office.url(BackOfficeListScene.self, slug),
            button: record == nil ? "Create" : "Save", fields: fields, summary: summary)
    }
}
