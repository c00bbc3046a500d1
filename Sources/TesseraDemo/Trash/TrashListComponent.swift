import Tessera

// MARK: - TrashListComponent

/// The member's trashed blogs, most recently trashed first, each with a Restore button (a small
/// form the client script updates in place) and a "Delete forever…" link to a confirmation
/// page, whose form posts to this component's `delete` action. One query.
final class TrashListComponent: Component<TrashListComponent.Model>, @unchecked Sendable {
    /// `POST <scene>/:item/restore` and `POST <scene>/:item/delete`.
    static let restore = Action("restore", path: ":item/restore", TrashListComponent.restore)
    static let delete = Action("delete", path: ":item/delete", TrashListComponent.delete)
    override class var actions: ActionTable {
        ActionTable().on(restore).on(delete)
    }

    // MARK: - Configuration

    private let ownerID: Int64

    /// The trash of `ownerID`.
    init(id: String, ownerID: Int64) {
        self.ownerID = ownerID
        super.init(id: id)
    }

    // MARK: - State

    private var blogs: [Blog] = []
    /// What the last action did, shown when the list is updated in place.
    private var actedOn: Int64?

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        blogs = try await TrashStore(database: scope.database).trashed(of: ownerID)
    }

    override func viewModel() -> Model {
        let cell = TrashCell(restoreURL: { [sceneURL] in Self.restore.url(in: sceneURL, $0) }, deleteURL: DemoURLs.confirmDelete)
        return Model(
            items: ArrayDataSource(items: blogs, cell: cell, emptyState: EmptyState("Nothing in the trash.")))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let items: ArrayDataSource<TrashCell>
        var isEmpty: Bool { items.isEmpty }
    }

    override func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? {
        var event = proposed
        event.detail = actedOn.map { "blog \($0)" }
        return event
    }

    // MARK: - Actions

    /// Puts a trashed blog back on the profile; one not in the member's trash is a 404. The
    /// Undo button of the "moved to the trash" notice sends `back` (a same-site path): the
    /// browser then goes there.
    func restore(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let id = try context.path.id("item")
        guard try await TrashStore(database: context.database).restore(id, of: userID) else { throw RequestError.notFound() }
        actedOn = id
        if let back = context.form["back"].flatMap(RedirectTarget.local) {
            return .redirect(to: back).withNotice(Notice("Undone: the post is back."))
        }
        // The list lost a row: load it again.
        return ActionResult.done.updating(TrashListComponent.self).withNotice(Notice("The post is back on your profile."))
    }

    /// Deletes a trashed blog for good; one not in the member's trash is a 404.
    func delete(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let id = try context.path.id("item")
        guard try await TrashStore(database: context.database).deleteForever(id, of: userID) else { throw RequestError.notFound() }
        actedOn = id
        // The list lost a row: load it again.
        return ActionResult.done.updating(TrashListComponent.self).withNotice(Notice("The post was deleted forever."))
    }
}
