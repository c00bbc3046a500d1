import Tessera

// MARK: - TrashScene

/// `GET /trash`: the signed-in member's trashed blogs, to restore or delete forever. Signed-out
/// visitors are sent to sign in (``MemberScene``).
final class TrashScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/trash" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [list] }
    static let list = ComponentSlot("trash-list", TrashListComponent.self)
    override var memberTitle: String { "Trash" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(TrashListComponent(id: Self.list.id, ownerID: memberID))
    }
}
