// MARK: - BackOfficeScene

/// What the back office's pages share: the back office's policy (``BackOffice/role``), the
/// components shown one after another, the record type their address names (`/admin/:type`, a
/// 404 when the back office holds none of that name) and a title. Each page is mounted at
/// ``BackOffice/path`` followed by its ``suffix``.
class BackOfficeScene: Scene {
    /// Its address after the back office's path (`/:type/new`).
    class var suffix: String { "" }
    /// Its address in a back office at the default path; Tessera mounts it at ``BackOffice/path``.
    override class var path: String { BackOffice([]).path + suffix }
    /// The default back office's; Tessera mounts it under ``BackOffice/role``'s.
    override class var policy: Policy? { .role(BackOffice([]).role) }
    override class var rendersComponentsInOrder: Bool { true }

    /// The back office.
    private(set) var office = BackOffice([])
    /// The record type the address names (nil on the index).
    private(set) var entry: BackOfficeEntry?
    /// The page's title.
    var title: String { "Back office" }

    override func parseParameters(_ scope: RequestScope) throws {
        guard let office = scope.site.configuration.backOffice else { throw RequestError.notFound() }
        self.office = office
        guard let slug = scope.path["type"] else { return }
        guard let entry = office.entry(slug) else {
            throw RequestError.notFound("The back office holds no records of this kind.")
        }
        self.entry = entry
    }

    /// Its address for this request, under the back office's path.
    override func url(_ scope: RequestScope) -> String {
        Scene.fill(office.path + Self.suffix) { scope.path[$0] ?? "" }
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) { head.title = title }
}

// MARK: - BackOfficeRecordPageScene

/// A page about one record (`/admin/:type/:id…`): it loads the record first, a 404 when there is
/// none.
class BackOfficeRecordPageScene: BackOfficeScene {
    private var key: SQLValue = .null
    /// The record.
    private(set) var record: BackOfficeRecord?

    override func parseParameters(_ scope: RequestScope) throws {
        try super.parseParameters(scope)
        guard let entry, let key = scope.path["id"].flatMap(entry.key) else { throw RequestError.notFound() }
        self.key = key
    }

    override func loadData(_ scope: RequestScope) async throws {
        guard let entry else { throw RequestError.notFound() }
        let key = key
        record = try await scope.database.read { db in try await BackOfficeStore(entry: entry, db: db).find(key) }
        if record == nil { throw RequestError.notFound("There is no such record: it may have been deleted.") }
    }

    /// "Klass 12".
    var recordTitle: String { "\(entry?.label ?? "") \(record?.keyText ?? "")" }
}

// MARK: - Pages

/// `GET /admin`: the record types.
final class BackOfficeIndexScene: BackOfficeScene {
    override class var composition: [ComponentSlot] { [slot("back-office") { scene, _ in BackOfficeIndexComponent(office: scene.office) }] }
}

/// `GET /admin/:type`: a page of a type's records, searched and filtered.
final class BackOfficeListScene: BackOfficeScene {
    override class var suffix: String { "/:type" }
    override class var composition: [ComponentSlot] {
        [slot("records") { scene, _ in scene.entry.map { BackOfficeListComponent(office: scene.office, entry: $0) } }]
    }
    override var title: String { "\(entry?.label ?? "") — back office" }
}

/// `GET /admin/:type/new`, `POST /admin/:type/new`: a new record's form.
final class BackOfficeNewScene: BackOfficeScene {
    override class var suffix: String { "/:type/new" }
    override class var composition: [ComponentSlot] {
        [slot("record-form") { scene, _ in scene.entry.map { BackOfficeFormComponent(office: scene.office, entry: $0, record: nil) } }]
    }
    override var title: String { "New \(entry?.label.lowercased() ?? "record") — back office" }
}

/// `GET /admin/:type/:id`: a record and its change log.
final class BackOfficeRecordScene: BackOfficeRecordPageScene {
    override class var suffix: String { "/:type/:id" }
    override class var composition: [ComponentSlot] {
        [slot("record") { scene, _ in scene.entry.flatMap { entry in scene.record.map { BackOfficeRecordComponent(office: scene.office, entry: entry, record: $0) } } }]
    }
    override var title: String { "\(recordTitle) — back office" }
}

/// `GET /admin/:type/:id/edit`, `POST /admin/:type/:id/edit`: a record's form.
final class BackOfficeEditScene: BackOfficeRecordPageScene {
    override class var suffix: String { "/:type/:id/edit" }
    override class var composition: [ComponentSlot] {
        [slot("record-form") { scene, _ in scene.entry.flatMap { entry in scene.record.map { BackOfficeFormComponent(office: scene.office, entry: entry, record: $0) } } }]
    }
    override var title: String { "Edit \(recordTitle) — back office" }
}

/// `GET /admin/:type/:id/delete`, `POST /admin/:type/:id/delete`: deleting a record, after a
/// confirmation.
final class BackOfficeDeleteScene: BackOfficeRecordPageScene {
    override class var suffix: String { "/:type/:id/delete" }
    override class var composition: [ComponentSlot] {
        [slot("delete-record") { scene, _ in scene.entry.flatMap { entry in scene.record.map { BackOfficeDeleteComponent(office: scene.office, entry: entry, record: $0) } } }]
    }
    override var title: String { "Delete \(recordTitle)? — back office" }
}
