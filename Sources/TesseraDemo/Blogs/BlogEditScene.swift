import Tessera

// MARK: - BlogEditScene

/// `GET /blogs/:id/edit` (and its form's `POST` to the same address): the author edits a
/// published post. Its author only (its policy): a missing or trashed post is a 404 from
/// ``loadData(_:)``, and someone else's the same 404 from the policy, before the form is made
/// with the post to show or save it.
final class BlogEditScene: MemberScene {
    override class var path: String { "/blogs/:id/edit" }
    override class var policy: Policy? { .owner { (scene: BlogEditScene) in scene.blog?.userID } }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [memberSlot("blog-edit") { scene, _ in scene.blog.map { BlogEditFormComponent(blog: $0, blogURL: DemoURLs.blog) } }]
    }
    override var memberTitle: String { "Edit post" }

    // MARK: - State

    private var blogID: Int64 = 0
    /// The post, once ``loadData(_:)`` found it.
    private var blog: Blog?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("id")
    }

    /// The published post (else a 404); the form shows it.
    override func loadData(_ scope: RequestScope) async throws {
        guard let blog = try await BlogStore(database: scope.database).blog(blogID) else { throw RequestError.notFound() }
        self.blog = blog
    }
}
