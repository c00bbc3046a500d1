import Tessera

// MARK: - TrashDeleteScene

/// `GET /trash/:item/delete`: "Delete this post forever?" — the confirmation step before the
/// trash's `delete` action (``TrashListComponent``), which its form posts to. A plain page and
/// form, so it works the same with JavaScript off. Members only; a post not in the member's
/// trash is a 404.
final class TrashDeleteScene: MemberScene {
    override class var path: String { "/trash/:item/delete" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            memberSlot("confirm-delete") { scene, memberID in
                TrashDeleteConfirmComponent(blogID: scene.blogID, ownerID: memberID, trashURL: DemoURLs.trash)
            }
        ]
    }
    override var memberTitle: String { "Delete forever?" }

    // MARK: - State

    private var blogID: Int64 = 0

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("item")
    }
}
