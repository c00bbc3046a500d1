import Tessera

// MARK: - TrashScene

/// `GET /trash`: the signed-in member's trashed blogs, to restore or delete forever. Signed-out
/// visitors are sent to sign in (``MemberScene``).
final class TrashScene: MemberScene {
    override class var path: String { "/trash" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [memberSlot("trash-list") { _, memberID in TrashListComponent(ownerID: memberID) }]
    }
    override var memberTitle: String { "Trash" }
}
