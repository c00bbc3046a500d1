import Tessera

// MARK: - NotebookApp

/// A notebook with members: a list anyone reads and members add to, each note's edit page for
/// its author or an admin (only an admin deletes, only the author publishes), and an admin page.
/// Seeded with alice (author of note 1), bob (no notes) and carol (admin).
struct NotebookApp: TesseraApp {
    var name: String { "Notebook" }
    var scenes: [Scene.Type] { [NotebookScene.self, NotebookEditScene.self, NotebookAdminScene.self] }
    var members: Members? { Members(table: MemberTable(email: nil)) }

    static let password = "a long enough password"

    func migrations(_ migrations: inout Migrations) {
        MemberTable.registerMigration(in: &migrations)
        migrations.register("notebook.v1") { db in
            try await db.execute(
                "CREATE TABLE note (id \(db.dialect.autoIncrementPrimaryKey), authorID BIGINT NOT NULL, body TEXT NOT NULL, published BOOLEAN NOT NULL)")
        }
    }

    func seed(_ db: SQLConnection) async throws {
        let hash = Passwords.hash(Self.password)
        for name in ["alice", "bob", "carol"] {
            try await db.execute("INSERT INTO member (username, displayName, passwordHash) VALUES (?, ?, ?)", [name, name.capitalized, hash])
        }
        try await db.execute("INSERT INTO note (authorID, body, published) VALUES (1, 'First note', ?)", [false])
        try await MemberRoles.grant(.admin, to: 3, in: db)
    }
}

// MARK: - Scenes

/// `GET /notes`: every note, for anyone; adding one takes a member.
final class NotebookScene: Scene {
    override class var path: String { "/notes" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("notes") { _, _ in NotebookListComponent() }] }
}

/// `GET /notes/:id/edit`: one note's form, for its author or an admin.
final class NotebookEditScene: Scene {
    override class var path: String { "/notes/:id/edit" }
    override class var policy: Policy? { .owner { (scene: NotebookEditScene) in scene.note?.authorID } || .role(.admin) }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [slot("note-form") { scene, _ in scene.note.map { NotebookFormComponent(note: $0) } }]
    }

    private var noteID: Int64 = 0
    private(set) var note: NotebookNote?

    override func parseParameters(_ scope: RequestScope) throws {
        noteID = try scope.path.id("id")
    }

    override func loadData(_ scope: RequestScope) async throws {
        note = try await scope.database.read { db in
            try await db.fetchOne("SELECT id, authorID, body FROM note WHERE id = ?", [noteID]) {
                NotebookNote(id: try $0[0], authorID: try $0[1], body: try $0[2])
            }
        }
        if note == nil { throw RequestError.notFound() }
    }
}

/// `GET /admin`: admins only.
final class NotebookAdminScene: Scene {
    override class var path: String { "/admin" }
    override class var policy: Policy? { .role(.admin) }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("admin") { _, _ in NotebookAdminComponent() }] }
}

// MARK: - Components

/// A note as stored.
struct NotebookNote: Sendable {
    let id: Int64
    let authorID: Int64
    let body: String
}

/// The notes, and a form adding one (members only: the action's own policy).
@Component
struct NotebookListComponent {
    static let add = Action("add", policy: .signedIn, NotebookListComponent.add)

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let bodies = try await scope.database.read { db in try await db.fetchValues(String.self, "SELECT body FROM note ORDER BY id") }
        return Model(bodies: bodies, addURL: scope.url(for: Self.add))
    }

    @TemplateModel
    struct Model {
        let bodies: [String]
        let addURL: String
    }

    func add(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let memberID = try scope.requireUser()
        try await scope.database.write { db in
            try await db.execute("INSERT INTO note (authorID, body, published) VALUES (?, 'Added', ?)", [memberID, false])
        }
        return .done
    }
}

/// One note's form: saving follows the scene's policy; deleting takes an admin; publishing takes
/// the note's author (an owner rule over the component).
@Component
struct NotebookFormComponent {
    static let save = Action("save", path: "", NotebookFormComponent.save)
    static let delete = Action("delete", policy: .role(.admin), NotebookFormComponent.delete)
    static let publish = Action("publish", policy: .owner { (form: NotebookFormComponent) in form.note.authorID }, NotebookFormComponent.publish)

    let note: NotebookNote

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(body: note.body, saveURL: scope.url(for: Self.save), deleteURL: scope.url(for: Self.delete), publishURL: scope.url(for: Self.publish))
    }

    @TemplateModel
    struct Model {
        let body: String
        let saveURL: String
        let deleteURL: String
        let publishURL: String
    }

    func save(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await scope.database.write { db in try await db.execute("UPDATE note SET body = body || '!' WHERE id = ?", [note.id]) }
        return .done
    }

    func delete(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await scope.database.write { db in try await db.execute("DELETE FROM note WHERE id = ?", [note.id]) }
        return .redirect(to: NotebookScene.link())
    }

    func publish(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await scope.database.write { db in try await db.execute("UPDATE note SET published = ? WHERE id = ?", [true, note.id]) }
        return .done
    }
}

/// What the admin page shows: how many notes there are.
@Component
struct NotebookAdminComponent {
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let count = try await scope.database.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM note") }
        return Model(noteCount: count ?? 0, isAdmin: try await scope.hasRole(.admin))
    }

    @TemplateModel
    struct Model {
        let noteCount: Int
        let isAdmin: Bool
    }
}
