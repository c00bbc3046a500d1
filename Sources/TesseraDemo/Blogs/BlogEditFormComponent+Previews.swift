import Tessera

// MARK: - Previews

extension BlogEditFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures. The scene hands the form its post, so
    /// each preview does the same with the post its fixtures insert.
    static var previews: [Preview] {
        [
            Preview("existing blog", signedInAs: 1, sceneURL: "/blogs/1/edit", id: "blog-edit", fixtures: { db in try await DemoFixtures.blog(db, title: title, body: body) }) {
                form(showing: title, body)
            },
            Preview("long text", signedInAs: 1, sceneURL: "/blogs/1/edit", id: "blog-edit", fixtures: { db in try await DemoFixtures.blog(db, title: "A long one", body: DemoFixtures.longText) }) {
                form(showing: "A long one", DemoFixtures.longText)
            },
        ]
    }

    // MARK: - Private

    private static let title = "Notes from the workshop"
    private static let body = "We rebuilt the shelf.\n\nIt holds."

    private static func form(showing title: String, _ body: String) -> BlogEditFormComponent {
        BlogEditFormComponent(
            blog: Blog(id: 1, userID: 1, title: title, body: body, likeCount: 0, createdAt: DemoSeed.epoch, trashedAt: nil),
            blogURL: DemoURLs.blog)
    }
}
