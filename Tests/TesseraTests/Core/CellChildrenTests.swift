import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Fixtures

/// `/cells`: the items as a list of cells, each cell holding a star button placed by a list
/// slot (``ChildSlot/init(_:key:_:)``): no `scope.child` and no field for it in any model.
final class CellShelfScene: Scene {
    override class var path: String { "/cells" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("cells") { _, _ in CellShelfComponent() }] }

    /// The fixtures' templates, with the cell's as `cell` (default: it writes its star).
    static func templates(cell: String = "<li>{{title}} {{children.star}}</li>") -> [String: String] {
        [
            "Components/CellShelf": "<ul>{{items}}</ul>",
            "Components/ShelfCell": cell,
            "Components/Star": ShelfScene.templates["Components/Star"]!,
        ]
    }
}

/// The items; a star in each item's cell.
@Component
struct CellShelfComponent {
    static var template: String? { "Components/CellShelf" }
    static let star = ChildSlot("star", key: \Item.id) { (_: CellShelfComponent, itemID: Int64) in StarComponent(itemID: itemID) }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let items = try await scope.database.read { db in
            try await db.fetchAll(Item.self, "SELECT id, title, likes FROM item ORDER BY id", [])
        }
        HookLog.shared.add("cells.load")
        return Model(items: ArrayDataSource(items: items, cell: ShelfCell()))
    }

    @TemplateModel
    struct Model {
        let items: ArrayDataSource<ShelfCell>
    }
}

/// An item's title; its template writes the item's star.
struct ShelfCell: CellRenderer {
    static let template: String? = "Components/ShelfCell"
    func viewModel(for item: Item) -> Model { Model(title: item.title) }

    @TemplateModel
    struct Model {
        let title: String
    }
}

/// The shelf as an app, for its start-up check.
struct CellShelfApp: TesseraApp {
    var scenes: [Scene.Type] { [CellShelfScene.self] }
}

// MARK: - Tests

/// A list slot places a child in every cell of its item type: the parent's `load` and models
/// say nothing of it, and the cell's template writes `{{children.<slot>}}`.
@Suite("Children in a list's cells")
struct CellChildrenTests {
    static func site() async throws -> ReadPathSite {
        try await ReadPathSite(scenes: [CellShelfScene.self], templates: CellShelfScene.templates())
    }

    @Test("each cell holds its item's child, loaded in one batch, answering alone byte for byte")
    func eachCellHoldsItsChild() async throws {
        let site = try await Self.site()
        let (_, cookie) = try await site.member(1)
        let log = HookLog()
        try await HookLog.$current.withValue(log) {
            try await site.test { client in
                let page = try await client.send(method: .get, uri: "/cells", headers: [.cookie: cookie])
                #expect(log.take() == ["cells.load", "star.batch 5"])
                let ids = page.select("li > [data-component=star]").compactMap { $0[attribute: "id"] }
                #expect(ids == (1...5).map { "cells-star-\($0)" })
                #expect(page.select("li").count == 5)
                for id in ids {
                    let alone = try await client.send(method: .get, uri: "/cells/_/\(id)", headers: [.cookie: cookie])
                    #expect(alone.status == .ok)
                    #expect(alone.select("[data-component=star]").map { $0[attribute: "id"] } == [id])
                    #expect(page.text.contains(alone.text), "\(id): the fragment alone is the page's copy")
                }
                #expect(log.take().filter { $0 == "cells.load" }.count == 5, "alone, each is found through its parent")
                let status = try await client.get("/cells/_/cells-star-99").status
                #expect(status == .notFound, "an item the list does not hold has no child")
            }
        }
    }

    @Test("a child's action answers with that child alone, updated")
    func cellChildActsAlone() async throws {
        let site = try await Self.site()
        let (_, cookie) = try await site.member(1)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/cells", headers: [.cookie: cookie])
            let token = try #require(page.select("#cells-star-2 input[name=_csrf]").first?[attribute: "value"])
            let answer = try await client.post("/cells/star", form: "_csrf=\(token)&_component=cells-star-2", cookie: cookie, fragment: true)
            #expect(answer.status == .ok)
            #expect(answer.select("[data-component]").compactMap { $0[attribute: "id"] } == ["cells-star-2"])
            #expect(answer.select("#cells-star-2 button").first?.text == "★ 1")
        }
    }

    @Test("a cell writing a child its component does not declare, and a slot no cell writes, fail at start-up")
    func cellChildrenAreChecked() throws {
        let good = try AppFolder(templates: CellShelfScene.templates())
        defer { good.remove() }
        _ = try CellShelfApp().check(good.configuration)

        let misspelt = try AppFolder(templates: CellShelfScene.templates(cell: "<li>{{title}}\n {{children.stars}}</li>"))
        defer { misspelt.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try CellShelfApp().check(misspelt.configuration) }
        #expect(
            error.problems.map(\.description) == [
                "Views/Components/ShelfCell.mustache:2:4: CellShelfComponent: draws ShelfCell (Item items), whose template writes "
                    + "children.stars, but it declares no ChildSlot(\"stars\", key: \\Item…) (its slots for Item: star)",
                "CellShelfComponent: declares the list slot 'star', but no cell it draws writes {{children.star}} for that item type: "
                    + "its children would load and show nowhere",
            ])
    }
}
