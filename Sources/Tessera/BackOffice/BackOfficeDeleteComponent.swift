// MARK: - BackOfficeDeleteComponent

/// Deleting a record (template `Tessera/BackOfficeDelete`): a page asking to confirm, whose
/// form's post deletes the record and logs it, then goes to its type's list (303). A record
/// other rows still reference is kept, and the page says so (400).
@Component
struct BackOfficeDeleteComponent {
    static var template: String? { "Tessera/BackOfficeDelete" }
    static let delete = Action("delete", path: "", BackOfficeDeleteComponent.delete)

    let office: BackOffice
    let entry: BackOfficeEntry
    let record: BackOfficeRecord

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(scope, problem: nil)
    }

    func delete(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let memberID = scope.userID
        let key = record.key
        let deleted: Bool
        do {
            deleted = try await scope.database.write { db in
                let store = BackOfficeStore(entry: entry, db: db)
                guard let before = try await store.find(key), try await store.delete(key) else { return false }
                try await BackOfficeChanges.log(.delete, entry, key: before.keyText, before: before, after: nil, by: memberID, in: db)
                return true
            }
        } catch let error as SQLError where error.kind == .foreignKeyViolation {
            return .invalid(model(scope, problem: "Other records still refer to this one: change or delete them first."))
        }
        guard deleted else { throw RequestError.notFound("There is no such record: it may have been deleted already.") }
        return ActionResult.redirect(to: office.url(BackOfficeListScene.self, entry.slug))
            .withNotice(Notice("\(entry.label) \(record.keyText) was deleted."))
    }

    /// What `Tessera/BackOfficeDelete` reads.
    @TemplateModel
    struct Model {
        let heading: String
        let title: String
        let actionURL: String
        let cancelURL: String
        let problem: String?
    }

    private func model(_ scope: ComponentScope<Self>, problem: String?) -> Model {
        let title = BackOfficeValues.shown(record[entry.titleColumn])
        return Model(
            heading: "Delete \(entry.label.lowercased()) \(record.keyText)?", title: title, actionURL: scope.url(for: Self.delete),
            cancelURL: office.url(BackOfficeRecordScene.self, entry.slug, record.keyText), problem: problem)
    }
}
