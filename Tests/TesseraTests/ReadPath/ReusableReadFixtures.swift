import Foundation
import Synchronization
import Tessera

// MARK: - Reusable read fixtures

/// What a stamped read returns: its item's title, the viewer the read was given, and a stamp
/// drawn on every read — two pages with the same stamp mean the second reused the value.
struct ReadStamp: Sendable {
    let title: String
    let viewerID: Int64?
    let stamp: String
}

/// A read of item `itemID`'s title, stamped; each conforming type only declares its caching.
/// The first read after ``ReadStampScene/writesAfterReading`` took the database renames the
/// item right after and looks at the database again, as when another process commits while the
/// request goes on and a concurrent request of this process sees it.
protocol StampRead: ReusableRead where Value == ReadStamp {
    var itemID: Int64 { get }
}

extension StampRead {
    func read(from database: CountingDatabase, viewerID: Int64?) async throws -> ReadStamp {
        let title = try await database.read { db in try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = ?", [itemID]) }
        if ReadStampScene.writesAfterReading.withLock({ $0.remove(database.database.location.description) != nil }) {
            try await database.database.write { db in try await db.execute("UPDATE item SET title = 'Renamed' WHERE id = ?", [itemID]) }
            try await database.database.refreshFromOtherConnections()
        }
        return ReadStamp(title: title ?? "", viewerID: viewerID, stamp: UUID().uuidString)
    }
}

/// The same value for every viewer.
struct SharedStampRead: StampRead {
    static let caching = FragmentCaching.shared
    let itemID: Int64
}

/// A value per member, one for all visitors.
struct MemberStampRead: StampRead {
    static let caching = FragmentCaching.perUser
    let itemID: Int64
}

/// Read on every request.
struct PlainStampRead: StampRead {
    static let caching = FragmentCaching.never
    let itemID: Int64
}

/// Item `itemID`'s title, stamped, or nil when there is no such item: an optional value.
struct OptionalStampRead: ReusableRead {
    static let caching = FragmentCaching.shared
    let itemID: Int64
    func read(from database: CountingDatabase, viewerID: Int64?) async throws -> ReadStamp? {
        let title = try await database.read { db in try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = ?", [itemID]) }
        return title.map { ReadStamp(title: $0, viewerID: viewerID, stamp: UUID().uuidString) }
    }
}

/// Shows a stamped value its scene read; reads nothing itself, never reused.
struct ReadStampComponent: Component {
    static var template: String? { "Components/ReadStamp" }
    let value: ReadStamp

    func load(_ scope: ComponentScope<Self>) async throws -> ReadStampModel {
        ReadStampModel(title: value.title, viewer: value.viewerID.map(String.init) ?? "none", stamp: value.stamp)
    }
}

/// What ``ReadStampComponent`` shows.
struct ReadStampModel: TemplateModel {
    let title: String
    let viewer: String
    let stamp: String
    static let templateKeys: [TemplateKey<ReadStampModel>] = [
        TemplateKey("title") { $0.title }, TemplateKey("viewer") { $0.viewer }, TemplateKey("stamp") { $0.stamp },
    ]
}

/// `/read-stamps/:id`: reads one of each kind of stamped read for item `id` in `loadData` and
/// shows them in components `shared`, `member` and `plain`.
final class ReadStampScene: Scene {
    override class var path: String { "/read-stamps/:id" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            slot("shared") { scene, _ in scene.shared.map(ReadStampComponent.init) },
            slot("member") { scene, _ in scene.member.map(ReadStampComponent.init) },
            slot("plain") { scene, _ in scene.plain.map(ReadStampComponent.init) },
        ]
    }

    /// The databases (by location) whose next read renames the item after reading it (once):
    /// the tests run side by side, each on a database of its own.
    static let writesAfterReading = Mutex<Set<String>>([])
    static let templates = [
        "Components/ReadStamp": #"<p class="title">{{title}}</p><p class="viewer">{{viewer}}</p><p class="stamp">{{stamp}}</p>"#
    ]

    private var itemID: Int64 = 0
    private var shared: ReadStamp?
    private var member: ReadStamp?
    private var plain: ReadStamp?

    override func parseParameters(_ scope: RequestScope) throws {
        itemID = try scope.path.id("id")
    }

    override func loadData(_ scope: RequestScope) async throws {
        shared = try await scope.read(SharedStampRead(itemID: itemID))
        member = try await scope.read(MemberStampRead(itemID: itemID))
        plain = try await scope.read(PlainStampRead(itemID: itemID))
    }
}
