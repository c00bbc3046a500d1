import Tessera

// MARK: - TrashListComponent

/// The member's trashed blogs, most recently trashed first, each with a Restore button (a small
/// form the client script updates in place) and a "Delete forever…" link to a confirmation
/// page, whose form posts to this component's `delete` action. One query.
@Component
struct TrashListComponent {
    /// `POST <scene>/:item/restore` and `POST <scene>/:item/delete`.
    static let restore = Action("restore", path: ":item/restore", TrashListComponent.restore)
    static let delete = Action("delete", path: ":item/delete", TrashListComponent.delete)

    // MARK: - Configuration

    private let ownerID: Int64

    /// The trash of `ownerID`.
    init(ownerID: Int64) {
        self.ownerID = ownerID
    }

    // MARK: - Life cycle

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let blogs = try await TrashStore(database: scope.database).trashed(of: ownerID)
        let sceneURL = scope.sceneURL
        let cell = TrashCell(restoreURL: { Self.restore.url(in: sceneURL, $0) }, deleteURL: DemoURLs.confirmDelete)
        return Model(items: ArrayDataSource(items: blogs, cell: cell, emptyState: EmptyState("Nothing in the trash.")))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let items: ArrayDataSource<TrashCell>
        var isEmpty: Bool { items.isEmpty }
    }

    /// Records the blog an action was about: the `:item` of its address
    /// (`/trash/7/restore` → `blog 7`). Only an action that succeeded is recorded; one whose
    /// blog was not in the trash ended in a 404.
    func analyticsEvent(forAction action: String, proposed: AnalyticsEvent) -> AnalyticsEvent? {
        var event = proposed
        event.detail = proposed.path.split(separator: "/").dropLast().last.flatMap { Int64($0) }.map { "blog \($0)" }
        return event
    }

    // MARK: - Actions

    /// Puts a trashed blog back on the profile; one not in the member's trash is a 404. The
    /// Undo button of the "moved to the trash" notice sends `back` (a same-site path): the
    /// browser then goes there.
    func restore(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let id = try context.path.id("item")
        guard try await TrashStore(database: context.database).restore(id, of: userID) else { throw RequestError.notFound() }
        if let back = context.form["back"].flatMap(RedirectTarget.local) {
            return .redirect(to: back).withNotice(Notice("Undone: the post is back."))
        }
        // The list lost a row: it loads again.
        return ActionResult.done.withNotice(Notice("The post is back on your profile."))
    }

    /// Deletes a trashed blog for good; one not in the member's trash is a 404.
    func delete(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let id = try context.path.id("item")
        guard try await TrashStore(database: context.database).deleteForever(id, of: userID) else { throw RequestError.notFound() }
        // The list lost a row: it loads again.
        return ActionResult.done.withNotice(Notice("The post was deleted forever."))
    }
}
