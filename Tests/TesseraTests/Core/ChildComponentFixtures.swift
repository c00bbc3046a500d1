import Foundation
import GRDB
import Tessera

// MARK: - Child component fixtures

/// `/shelf`: one list of items, reused for everyone, each row holding a star button that is a
/// child component of its own (per viewer, never reused), loaded in one batch.
final class ShelfScene: Scene {
    override class var path: String { "/shelf" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("items") { _, _ in ShelfItemsComponent() }] }

    /// The fixtures' templates.
    static let templates = [
        "Components/ShelfItems": "<ul>{{#rows}}<li>{{title}} {{star}}</li>{{/rows}}</ul><p>stamp={{stamp}};</p>",
        "Components/Star": """
            <form method="post" action="{{starURL}}"><input type="hidden" name="_csrf" value="{{csrfToken}}">\
            <input type="hidden" name="_component" value="{{componentID}}"><button>★ {{likes}}</button> viewer={{viewer}};</form>
            """,
    ]
}

/// The items, each with its star; the same fragment for everyone, its stars per request.
@Component
struct ShelfItemsComponent {
    static var template: String? { "Components/ShelfItems" }
    static var caching: FragmentCaching { .shared }
    static let star = ChildSlot("star") { (_: ShelfItemsComponent, itemID: Int64) in StarComponent(itemID: itemID) }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let items = try await scope.database.read { db in
            try await db.fetchAll(Item.self, "SELECT id, title, likes FROM item ORDER BY id", [])
        }
        HookLog.shared.add("items.load")
        return Model(rows: items.map { Row(title: $0.title, star: scope.child(Self.star, key: $0.id)) }, stamp: UUID().uuidString)
    }

    @TemplateModel
    struct Model {
        let rows: [Row]
        let stamp: String
    }

    @TemplateModel
    struct Row {
        let title: String
        let star: ChildComponent
    }
}

/// One item's star button: its likes and who is looking; starring adds a like.
@Component
struct StarComponent {
    static var template: String? { "Components/Star" }
    static let star = Action("star", StarComponent.star)
    var rootElement: String { "span" }

    let itemID: Int64

    /// Alone: one query for this item.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let likes = try await scope.database.read { db in
            try await db.fetchValue(Int.self, "SELECT likes FROM item WHERE id = ?", [itemID])
        }
        guard let likes else { throw RequestError.notFound() }
        HookLog.shared.add("star.load")
        return model(likes: likes, scope)
    }

    /// Together: one query for every star of the page.
    static func load(batch: [(component: StarComponent, scope: ComponentScope<StarComponent>)]) async throws -> [Model] {
        let ids = batch.map(\.component.itemID)
        let placeholders = ids.map { _ in "?" }.joined(separator: ",")
        let likes = try await batch[0].scope.database.read { db in
            try await db.fetchAll(Item.self, "SELECT id, title, likes FROM item WHERE id IN (\(placeholders))", SQLArguments(ids.map { .integer($0) }))
        }
        HookLog.shared.add("star.batch \(batch.count)")
        return batch.map { item in
            item.component.model(likes: likes.first { $0.id == item.component.itemID }?.likes ?? 0, item.scope)
        }
    }

    @TemplateModel
    struct Model {
        let likes: Int
        let viewer: String
        let starURL: String
    }

    func star(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        _ = try context.requireUser()
        try await context.database.write { db in try await db.execute("UPDATE item SET likes = likes + 1 WHERE id = ?", [itemID]) }
        return .done
    }

    private func model(likes: Int, _ scope: ComponentScope<Self>) -> Model {
        Model(likes: likes, viewer: scope.userID.map(String.init) ?? "visitor", starURL: scope.url(for: Self.star))
    }
}

// MARK: - Ledger fixtures

/// `/ledger`: the items two a page (`?page=N`); each row's note is a child its parent places for
/// member 1 alone — an owner-only branch, as an app writes it, with no check in the child.
final class LedgerScene: Scene {
    override class var path: String { "/ledger" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("rows") { _, _ in LedgerComponent() }] }

    /// The fixtures' templates.
    static let templates = [
        "Components/Ledger": "<ul>{{#rows}}<li>{{title}} {{note}}</li>{{/rows}}</ul>",
        "Components/LedgerNote": """
            <form method="post" action="{{bumpURL}}"><input type="hidden" name="_csrf" value="{{csrfToken}}">\
            <input type="hidden" name="_component" value="{{componentID}}"><button>{{likes}} private</button></form>
            """,
    ]
}

/// Two items a page; member 1 (the owner) sees a note under each.
@Component
struct LedgerComponent {
    static var template: String? { "Components/Ledger" }
    static let note = ChildSlot("note") { (_: LedgerComponent, itemID: Int64) in LedgerNoteComponent(itemID: itemID) }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let pagination = try Pagination(scope.query)
        let items = try await scope.database.read { db in
            try await db.fetchAll(
                Item.self, "SELECT id, title, likes FROM item ORDER BY id LIMIT ? OFFSET ?",
                [pagination.limit(size: 2), pagination.offset(size: 2)])
        }
        let isOwner = scope.userID == 1
        return Model(
            rows: items.map { Row(title: $0.title, note: isOwner ? scope.child(Self.note, key: $0.id) : nil) }, pagination: pagination)
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { model.pagination.query }

    @TemplateModel
    struct Model {
        let rows: [Row]
        @TemplateIgnored let pagination: Pagination
    }

    @TemplateModel
    struct Row {
        let title: String
        let note: ChildComponent?
    }
}

/// An item's private note: its likes, and a button that adds one. It checks nothing itself.
@Component
struct LedgerNoteComponent {
    static var template: String? { "Components/LedgerNote" }
    static let bump = Action("bump", LedgerNoteComponent.bump)
    var rootElement: String { "span" }

    let itemID: Int64

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let likes = try await scope.database.read { db in try await db.fetchValue(Int.self, "SELECT likes FROM item WHERE id = ?", [itemID]) }
        return Model(likes: likes ?? 0, bumpURL: scope.url(for: Self.bump))
    }

    @TemplateModel
    struct Model {
        let likes: Int
        let bumpURL: String
    }

    func bump(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await context.database.write { db in try await db.execute("UPDATE item SET likes = likes + 1 WHERE id = ?", [itemID]) }
        return .done
    }
}
