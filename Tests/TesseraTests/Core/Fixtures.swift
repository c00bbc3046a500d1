import GRDB
import Synchronization
import Tessera

// MARK: - Fixtures

/// Scenes and components used by the core tests: a list of items with likes, a counter shown
/// elsewhere on the page, a component that fails, and a log of hook calls.

/// Records hook calls in order, across tasks. Task-local, so a test sees only the hooks of the
/// requests it made itself (child tasks inherit it).
final class HookLog: Sendable {
    @TaskLocal static var current: HookLog?
    static var shared: HookLog { current ?? HookLog() }
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    func take() -> [String] { entries.withLock { let all = $0; $0 = []; return all } }
}

/// One item row.
@SQLRecord
struct Item: Codable, Sendable {
    var id: Int64
    var title: String
    var likes: Int
}

/// A cell for items: "Item 1 (0 likes)".
struct ItemCell: CellRenderer {
    static let template: String? = "Cells/Item"
    func viewModel(for item: Item) -> Model { Model(item: item) }

    struct Model: TemplateModel {
        let item: Item
        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("title") { $0.item.title },
            TemplateKey("likes") { "\($0.item.likes) \($0.item.likes == 1 ? "like" : "likes")" },
        ]
    }
}

/// Lists items, two per page, with a like action and "load more".
@Component
struct ItemListComponent {
    static var template: String? { "Components/ItemList" }
    static let like = Action("like", path: ":item/like", ItemListComponent.like)

    /// When set, loads each item's likes with its own query: an N+1 the tests must catch.
    let loadsLikesOneByOne: Bool

    init(loadsLikesOneByOne: Bool = false) {
        self.loadsLikesOneByOne = loadsLikesOneByOne
    }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let page = try scope.query.int("page", default: 1, in: 1...1000)
        let offset = (page - 1) * 2
        let oneByOne = loadsLikesOneByOne
        let (items, hasMore) = try await scope.database.read { db in
            var rows = try await db.fetchAll(Item.self, "SELECT id, title, likes FROM item ORDER BY id LIMIT 3 OFFSET ?", [offset])
            if oneByOne {
                for index in rows.indices {
                    rows[index].likes = try await db.fetchValue(Int.self, "SELECT likes FROM item WHERE id = ?", [rows[index].id]) ?? 0
                }
            }
            return (Array(rows.prefix(2)), rows.count > 2)
        }
        HookLog.shared.add("component.load")
        return Model(
            page: page,
            items: ArrayDataSource(items: items, cell: ItemCell(), emptyState: EmptyState("No items.")),
            nextPageURL: hasMore ? "?page=\(page + 1)" : nil,
            nextFragmentURL: hasMore ? scope.fragmentURL(query: [("page", String(page + 1))]) : nil)
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { model.page > 1 ? [("page", String(model.page))] : [] }

    struct Model: TemplateModel {
        /// The page shown (not read by the template: it makes the fragment URL).
        let page: Int
        let items: ArrayDataSource<ItemCell>
        let nextPageURL: String?
        let nextFragmentURL: String?
        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("items") { $0.items },
            TemplateKey("nextPageURL") { $0.nextPageURL },
            TemplateKey("nextFragmentURL") { $0.nextFragmentURL },
        ]
    }

    func like(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let id = try context.path.id("item")
        let changed = try await context.database.write { db in
            try await db.execute("UPDATE item SET likes = likes + 1 WHERE id = ?", [id])
        }
        guard changed == 1 else { throw RequestError.notFound() }
        return .done.updating(ItemListComponent.self, LikeTotalComponent.self)
    }
}

/// Shows the total of likes (a view-update tag other actions refresh).
struct LikeTotalComponent: Component {
    static var template: String? { "Components/LikeTotal" }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(total: try await scope.database.read { db in try await db.fetchValue(Int.self, "SELECT SUM(likes) FROM item") ?? 0 })
    }

    struct Model: TemplateModel {
        let total: Int
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("total") { $0.total }]
    }
}

/// Always fails to load.
struct BrokenComponent: Component {
    typealias Model = EmptyModel
    struct Failure: Error {}
    static var template: String? { "Components/LikeTotal" }
    func load(_ scope: ComponentScope<Self>) async throws -> EmptyModel { throw Failure() }
}

/// The items page: list + total, and the CSRF token printed for the tests to pick up. Each
/// component's maker logs "make <id>", so the tests see when components are made.
class ItemsScene: Scene, ModelScene {
    struct Model: TemplateModel {
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("heading") { _ in "All items" }]
    }

    override class var path: String { "/items" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] {
        [
            slot("item-list") { _, _ in
                HookLog.shared.add("make item-list")
                return ItemListComponent()
            },
            slot("like-total") { _, _ in
                HookLog.shared.add("make like-total")
                return LikeTotalComponent()
            },
        ]
    }
    override class var template: String? { "Scenes/Items" }

    override func parseParameters(_ scope: RequestScope) throws { HookLog.shared.add("parseParameters") }
    override func chooseLayout(_ scope: RequestScope) -> String? {
        HookLog.shared.add("chooseLayout")
        return super.chooseLayout(scope)
    }
    override func loadData(_ scope: RequestScope) async throws { HookLog.shared.add("loadData") }
    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        HookLog.shared.add("willRender")
        head.title = "Items"
    }
    func viewModel() -> Model {
        HookLog.shared.add("render")
        return Model()
    }
    override func didRender(_ scope: RequestScope, status: Int) async {
        HookLog.shared.add("didRender")
        await super.didRender(scope, status: status)
    }
    override func analyticsEvent(_ proposed: AnalyticsEvent) -> AnalyticsEvent? {
        var event = proposed
        event.detail = "items-page"
        return event
    }
}

/// A variant made by subclassing: the same page plus a failing component (error isolation).
final class ItemsWithBrokenPartScene: ItemsScene {
    override class var path: String { "/items-broken" }
    override class var composition: [ComponentSlot] { super.composition + [slot("broken") { _, _ in BrokenComponent() }] }
    override class var template: String? { nil }
}

/// Templates of the fixtures.
enum FixtureTemplates {
    static let all: [String: String] = [
        "Layouts/Main": "<!DOCTYPE html><html><head><title>{{title}}</title></head><body>{{content}}<p>csrf={{csrfToken}};</p></body></html>",
        "Scenes/Items": "<main><h1>{{heading}}</h1>{{components.item-list}}<aside>{{components.like-total}}</aside></main>",
        "Components/ItemList": """
            <ul data-items>{{items}}</ul>{{#nextPageURL}}<nav data-more><a href="{{nextPageURL}}" data-tessera-fragment="{{nextFragmentURL}}" data-tessera-append>More</a></nav>{{/nextPageURL}}
            """,
        "Components/LikeTotal": "<p>Total: {{total}}</p>",
        "Cells/Item": "<li>{{title}} ({{likes}})</li>",
    ]
}
