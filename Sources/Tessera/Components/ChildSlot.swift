// MARK: - ChildSlot

/// One kind of child a component holds — a like button under each post of a feed — declared
/// once as a static value of the parent: its name, and how the child for a key is made from the
/// parent.
///
/// Each child is a component of its own: its id is `<parent id>-<name>-<key>`, it answers alone
/// at its own fragment URL (`<scene>/_/feed-like-12`), its actions are mounted under the scene
/// like its parent's, and an action updates it alone. The parent places one with
/// ``ComponentScope/child(_:key:)`` in its `load`, and its template (or a cell's) writes it
/// where it belongs. Children of one type load together, after their parents, through
/// ``Component/load(batch:)`` — one query for all the like buttons of a feed.
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
/// ```swift
/// @Component
/// struct FeedComponent {
///     static let like = ChildSlot("like") { (feed: FeedComponent, blogID: Int64) in LikeButtonComponent(blogID: blogID) }
///     func load(_ scope: ComponentScope<Self>) async throws -> Model {
///         ... scope.child(Self.like, key: blog.id) ...   // a `ChildComponent` for the cell's model
///     }
/// }
/// ```
public struct ChildSlot<Parent: Component, Key: LosslessStringConvertible & Sendable, Child: Component>: ChildDeclaration {
    /// The kind's name, part of each child's id: letters, digits and `-`.
    public let name: String
    let make: @Sendable (Parent, Key) -> Child?

    /// Children named `name`, made by `make` from the parent and the child's key when the parent
    /// places one (nil: no such child; it writes nothing).
    public init(_ name: String, _ make: @escaping @Sendable (Parent, Key) -> Child?) {
        self.name = name
        self.make = make
    }

    /// The child's type.
    public var childType: any Component.Type { Child.self }

    /// The id of the child for `key` under the parent `parentID`.
    func id(parentID: String, key: Key) -> String { parentID + "-" + name + "-" + key.description }
}

// MARK: - ChildDeclaration

/// A ``ChildSlot`` with its types erased: what ``Component/children`` lists.
public protocol ChildDeclaration: Sendable {
    /// The kind's name, part of each child's id.
    var name: String { get }
    /// The child's type.
    var childType: any Component.Type { get }
}
