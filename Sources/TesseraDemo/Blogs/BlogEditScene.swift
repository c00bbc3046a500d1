import Tessera

// MARK: - BlogEditScene

/// `GET /blogs/:id/edit` (and its form's `POST` to the same address): the author edits a
/// published post. Members only (``MemberScene``); someone else's, a missing or a trashed post
/// is a 404, checked once in ``loadData(_:)`` before the form shows the post or saves it.
final class BlogEditScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/blogs/:id/edit" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [form] }
    override var memberTitle: String { "Edit post" }

    static let form = ComponentSlot("blog-edit", BlogEditFormComponent.self)

    // MARK: - State

    private var blogID: Int64 = 0
    private var editor: BlogEditFormComponent?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        let editor = BlogEditFormComponent(id: Self.form.id, blogID: blogID, blogURL: DemoURLs.blog)
        self.editor = editor
        add(editor)
    }

    /// The post, which must be the member's published post (else a 404); the form shows it.
    override func loadData(_ scope: RequestScope) async throws {
        guard let memberID = scope.userID, let blog = try await BlogStore(database: scope.database).blog(blogID),
            blog.isWritten(by: memberID)
        else { throw RequestError.notFound() }
        editor?.show(blog)
    }
}
