import Tessera

// MARK: - TrashDeleteConfirmComponent

/// Asks before deleting a trashed post forever: its title, what cannot be undone, a
/// "Delete forever" button (posting to the trash's `delete` action) and a way back.
@Component
struct TrashDeleteConfirmComponent {
    var rootClass: String? { "card narrow" }

    // MARK: - Configuration

    private let blogID: Int64
    private let ownerID: Int64
    private let trashURL: String

    /// The question for `ownerID`'s trashed post `blogID`; Cancel leads to `trashURL`.
    init(blogID: Int64, ownerID: Int64, trashURL: String) {
        self.blogID = blogID
        self.ownerID = ownerID
        self.trashURL = trashURL
    }

    // MARK: - Life cycle

    /// The trashed post; one not in the member's trash is a 404.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        guard let blog = try await TrashStore(database: scope.database).trashedBlog(blogID, of: ownerID) else {
            throw RequestError.notFound()
        }
        return Model(title: blog.title, deleteURL: DemoURLs.deleteForever(blogID), trashURL: trashURL)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let title: String
        let deleteURL: String
        let trashURL: String
    }
}
