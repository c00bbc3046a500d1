// MARK: - ChildSlot

/// One kind of child a component holds — a like button under each post of a feed — declared
/// once as a static value of the parent: its name, and how the child for a key is made from the
/// parent.
///
/// Each child is a component of its own: its id is `<parent id>-<name>-<key>`, it answers alone
/// at its own fragment URL (`<scene>/_/feed-like-12`), its actions are mounted under the scene
/// like its parent's, and an action updates it alone. Children of one type load together,
/// after their parents, through ``Component/load(batch:)`` — one query for all the like
/// buttons of a feed.
///
/// **In a list**, a slot names the item type its cells draw and how an item gives the key:
/// the parent's `load` then places nothing by hand. After `load`, every item of that type in the
/// model's data sources places its child, and the item's cell template writes it as
/// `{{children.<name>}}` (checked at start-up against the slots of each component whose data
/// source draws that cell):
///
/// ```swift
/// @Component
/// struct FeedComponent {
///     static let like = ChildSlot("like", key: \BlogListItem.blog.id) { (feed: FeedComponent, blogID: Int64) in
///         LikeButtonComponent(blogID: blogID)
///     }
/// }
/// ```
/// ```mustache
/// <article class="blog-cell"><h3>{{title}}</h3>{{children.like}}</article>
/// ```
///
/// Elsewhere (a child outside any list), the parent places one with
/// ``ComponentScope/child(_:key:)`` and hands the returned `ChildComponent` to its model.
///
/// **Keyed by a row**, a live child (``Component/live``) renders again for its open pages only
/// when its row changes: name the table whose primary key its key is (`table: "blog"`), and a
/// write re-renders the child of the post it liked, not its siblings. A change marks the rows
/// it touched, and each row its one-column foreign keys reference (a like marks its post), so
/// the child must read, of each table that references its row's table, only its row and the
/// rows referencing it; a change to any other table it read (its scene's, its parent's)
/// re-renders it as usual. The table is checked at start-up: an app table whose primary key is
/// one column.
///
/// A child exists only where its parent places it. Asked for alone (its fragment URL, or a form
/// naming it in `_component`), it is found by loading its scene and its parent for this viewer,
/// with the query its URLs carry (its parent's ``Component/fragmentQuery(for:)``: the page of a
/// list), and taking the child the parent placed under that id; a child the parent does not
/// place is a 404. So a child may assume everything its scene and its parent checked: a post
/// the feed does not list has no like button to post to, and a parent's owner-only branch
/// covers the children it places there. A child checks only what is its own (the row it writes
/// still exists when it writes).
///
public struct ChildSlot<Parent: Component, Key: LosslessStringConvertible & Sendable, Child: Component>: CellChildDeclaration {
    /// The kind's name, part of each child's id: letters, digits and `-`.
    public let name: String
    let make: @Sendable (Parent, Key) -> Child?
    /// For a slot of a list's cells: the item type, and the key of an item of that type.
    let cellItem: (type: ObjectIdentifier, key: @Sendable (Any) -> Key?)?
    /// The table whose primary key a child's key is, when the children are keyed by a row.
    let rowTable: String?

    /// Children named `name`, made by `make` from the parent and the child's key when the parent
    /// places one with ``ComponentScope/child(_:key:)`` (nil: no such child; it writes nothing).
    /// With `table`, each key is the primary key of a row of that table (see the type's doc).
    package init(_ name: String, table: String? = nil, _ make: @escaping @Sendable (Parent, Key) -> Child?) {
        self.name = name
        self.make = make
        self.cellItem = nil
        self.rowTable = table
    }

    /// Children named `name`, one in the cell of each `Item` of the parent's data sources, keyed
    /// by `key` (`\BlogListItem.blog.id`) and made by `make` (nil: that item has none). The
    /// cell's template writes it as `{{children.<name>}}`. With `table`, each key is the primary
    /// key of a row of that table (see the type's doc).
    public init<Item>(
        _ name: String, key: @escaping @Sendable (Item) -> Key, table: String? = nil, _ make: @escaping @Sendable (Parent, Key) -> Child?
    ) {
        self.name = name
        self.make = make
        self.cellItem = (ObjectIdentifier(Item.self), { ($0 as? Item).map(key) })
        self.rowTable = table
    }

    /// The child's type.
    public var childType: any Component.Type { Child.self }

    /// The id of the child for `key` under the parent `parentID`.
    func id(parentID: String, key: Key) -> String { parentID + "-" + name + "-" + key.description }

    /// The item type whose cells hold these children, if the slot is a list's.
    var cellItemType: ObjectIdentifier? { cellItem?.type }

    /// The id of the child in `item`'s cell under the parent `parentID`, if `item` is this
    /// slot's item type.
    func cellChildID(of item: Any, parentID: String) -> String? {
        cellItem?.key(item).map { id(parentID: parentID, key: $0) }
    }

    /// The child in `item`'s cell, made from `parent`, with its id; nil if the item has none.
    func cellChild(of item: Any, parent: any Component, parentID: String) -> (id: String, component: any Component)? {
        guard let parent = parent as? Parent, let key = cellItem?.key(item), let child = make(parent, key) else { return nil }
        return (id(parentID: parentID, key: key), child)
    }

    /// The child whose key reads as `key` (its text in the child's id), made from `parent`,
    /// with its id; nil when `key` is not a `Key` or the slot makes no child for it.
    func child(keyed key: Substring, parent: any Component, parentID: String) -> (id: String, component: any Component)? {
        guard let parent = parent as? Parent, let key = Key(String(key)), let child = make(parent, key) else { return nil }
        return (id(parentID: parentID, key: key), child)
    }
}

// MARK: - ChildDeclaration

/// A ``ChildSlot`` with its types erased: what ``Component/children`` lists.
public protocol ChildDeclaration: Sendable {
    /// The kind's name, part of each child's id.
    var name: String { get }
    /// The child's type.
    var childType: any Component.Type { get }
}

// MARK: - CellChildDeclaration

/// What the framework asks of a ``ChildSlot`` for the cells of a list.
protocol CellChildDeclaration: ChildDeclaration {
    /// The item type whose cells hold these children (a list's slot), or nil.
    var cellItemType: ObjectIdentifier? { get }
    /// The id of the child in `item`'s cell under the parent `parentID`, if `item` is of the
    /// slot's item type.
    func cellChildID(of item: Any, parentID: String) -> String?
    /// The child in `item`'s cell, made from `parent`, with its id; nil if the item has none.
    func cellChild(of item: Any, parent: any Component, parentID: String) -> (id: String, component: any Component)?
    /// The table whose primary key a child's key is, when the children are keyed by a row.
    var rowTable: String? { get }
    /// The child whose key reads as `key`, made from `parent`, with its id; nil if none.
    func child(keyed key: Substring, parent: any Component, parentID: String) -> (id: String, component: any Component)?
}

extension ChildDeclaration {
    /// The table whose primary key a child's key is, when the children are keyed by a row.
    var rowTable: String? { (self as? any CellChildDeclaration)?.rowTable }

    /// This slot as a list's slot (whose children its cells hold), or nil when it is not one.
    var cellSlot: (any CellChildDeclaration)? {
        guard let slot = self as? any CellChildDeclaration, slot.cellItemType != nil else { return nil }
        return slot
    }
}
