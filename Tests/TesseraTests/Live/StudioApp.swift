import Synchronization
import Tessera

// MARK: - StudioApp

/// A studio's schedule, as a newcomer writes it: twenty classes, each row holding a live
/// booking button that is a child keyed by its class's row (`ChildSlot(…, table: "klass")`).
struct StudioApp: TesseraApp {
    var name: String { "Studio" }
    var scenes: [Scene.Type] { [ScheduleScene.self] }

    func migrations(_ migrations: inout Migrations) {
        migrations.register("studio.v1") { db in
            let key = db.dialect.autoIncrementPrimaryKey
            try await db.execute("CREATE TABLE klass (id \(key), name TEXT NOT NULL)")
            try await db.execute(
                "CREATE TABLE booking (id \(key), klassID BIGINT NOT NULL REFERENCES klass (id) ON DELETE CASCADE, name TEXT NOT NULL)")
        }
    }

    func seed(_ db: SQLConnection) async throws {
        for number in 1...20 { try await db.execute("INSERT INTO klass (name) VALUES (?)", ["Class \(number)"]) }
    }
}

// MARK: - ScheduleScene

/// `GET /`: the schedule alone.
final class ScheduleScene: Scene {
    override class var path: String { "/" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("schedule") { _, _ in ScheduleComponent() }] }
}

// MARK: - ScheduleComponent

/// The classes, the same for everyone; each row's booking button is its child.
@Component
struct ScheduleComponent {
    static var caching: FragmentCaching { .shared }
    static let booking = ChildSlot("booking", table: "klass") { (_: ScheduleComponent, klassID: Int64) in BookingComponent(klassID: klassID) }
    /// How many times a schedule loaded, in this process's tests.
    static let loads = Atomic<Int>(0)

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Self.loads.add(1, ordering: .relaxed)
        let classes = try await scope.database.read { db in
            try await db.fetchAll("SELECT id, name FROM klass ORDER BY id") { row -> (Int64, String) in (try row[0], try row[1]) }
        }
        return Model(rows: classes.map { Row(name: $0.1, booking: scope.child(Self.booking, key: $0.0)) })
    }

    @TemplateModel
    struct Model {
        let rows: [Row]
    }

    @TemplateModel
    struct Row {
        let name: String
        let booking: ChildComponent
    }
}

// MARK: - BookingComponent

/// A class's bookings and a button that books a place; live, so every open schedule shows the
/// count as it moves.
@Component
struct BookingComponent {
    static var live: Bool { true }
    static let book = Action("book", BookingComponent.book)
    var rootElement: String { "div" }

    let klassID: Int64

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let booked = try await scope.database.read { db in
            try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM booking WHERE klassID = ?", [klassID])
        }
        return Model(booked: booked ?? 0, bookURL: scope.url(for: Self.book))
    }

    @TemplateModel
    struct Model {
        let booked: Int
        let bookURL: String
    }

    func book(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await scope.database.write { db in try await db.execute("INSERT INTO booking (klassID, name) VALUES (?, 'guest')", [klassID]) }
        return .done
    }
}

// MARK: - A slot naming no table of the app

/// An app whose child slot names a table it does not have: start-up refuses it.
struct MisspeltStudioApp: TesseraApp {
    var name: String { "Misspelt studio" }
    var scenes: [Scene.Type] { [MisspeltScene.self] }

    func migrations(_ migrations: inout Migrations) { StudioApp().migrations(&migrations) }
}

/// `GET /`: a schedule whose booking slot names `klasses`.
final class MisspeltScene: Scene {
    override class var path: String { "/" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("schedule") { _, _ in MisspeltScheduleComponent() }] }
}

/// ``ScheduleComponent`` with its slot's table misspelt.
@Component
struct MisspeltScheduleComponent {
    static var template: String? { "ScheduleComponent" }
    static let booking = ChildSlot("booking", table: "klasses") { (_: MisspeltScheduleComponent, klassID: Int64) in
        BookingComponent(klassID: klassID)
    }

    typealias Model = ScheduleComponent.Model

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(rows: [])
    }
}
