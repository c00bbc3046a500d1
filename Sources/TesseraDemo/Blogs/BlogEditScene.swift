import Tessera

// MARK: - BlogEditScene

/// `GET /blogs/:id/edit` (and its form's `POST`): the author edits a published post. Members
/// only (``MemberScene``); someone else's, a missing or a trashed post is a 404.
final class BlogEditScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/blogs/:id/edit" }
    override class var componentTypes: [AnyComponent.Type] { [BlogEditFormComponent.self] }
    override var memberTitle: String { "Edit post" }

    // MARK: - State

    private var blogID: Int64 = 0

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(BlogEditFormComponent(id: "blog-edit", blogID: blogID, memberID: memberID, blogURL: DemoURLs.blog))
    }
}
