import Foundation
import Tessera

// MARK: - BackOfficeApp

/// A studio whose classes and instructors (the models of `ModelFixtures`) are kept through the
/// back office. Seeded with alice (a member), carol (an admin), two instructors and 31 classes:
/// "Class 01" to "Class 30" and "Yoga at dawn", every third one online.
struct BackOfficeApp: TesseraApp {
    var name: String { "Studio office" }
    var scenes: [Scene.Type] { [StudioHomeScene.self] }
    var members: Members? { Members(table: MemberTable(email: nil)) }
    var backOffice: BackOffice? { BackOffice(Klass.self, Instructor.self) }

    static let password = "a long enough password"
    static let classCount = 31

    func migrations(_ migrations: inout Migrations) {
        MemberTable.registerMigration(in: &migrations)
        ModelFixtures.migrations(&migrations)
    }

    func seed(_ db: SQLConnection) async throws {
        let hash = Passwords.hash(Self.password)
        for name in ["alice", "carol"] {
            try await db.execute("INSERT INTO member (username, displayName, passwordHash) VALUES (?, ?, ?)", [name, name.capitalized, hash])
        }
        try await MemberRoles.grant(.admin, to: 2, in: db)
        let ada = try await Instructor(id: 0, name: "Ada", photo: [1, 2, 3]).insert(in: db)
        let grace = try await Instructor(id: 0, name: "Grace", photo: nil).insert(in: db)
        for index in 1..<Self.classCount {
            let klass = Klass(
                id: 0, title: "Class " + (index < 10 ? "0" : "") + String(index), level: .beginner,
                startsAt: ModelFixtures.monday.addingTimeInterval(Double(index) * 3600), capacity: 10, booked: 0, price: 7.5,
                isOnline: index.isMultiple(of: 3), instructorID: index.isMultiple(of: 2) ? ada : nil, notes: nil)
            try await klass.insert(in: db)
        }
        try await Klass(
            id: 0, title: "Yoga at dawn", level: .advanced, startsAt: ModelFixtures.monday, capacity: 8, booked: 2, price: 12.5,
            isOnline: false, instructorID: grace, notes: "bring a mat"
        ).insert(in: db)
    }
}

// MARK: - StudioHomeScene

/// `GET /`: the studio's own page, beside the back office.
final class StudioHomeScene: Scene {
    override class var path: String { "/" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("welcome") { _, _ in StudioWelcomeComponent() }] }
}

/// A welcome line.
@Component
struct StudioWelcomeComponent {
    func load(_ scope: ComponentScope<Self>) async throws -> Model { Model(name: scope.site.configuration.name) }

    @TemplateModel
    struct Model {
        let name: String
    }
}
