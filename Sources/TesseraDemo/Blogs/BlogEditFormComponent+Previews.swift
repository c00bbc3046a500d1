import Tessera

// MARK: - Previews

extension BlogEditFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("existing blog", signedInAs: 1, sceneURL: "/blogs/1/edit", fixtures: DemoFixtures.community) {
                BlogEditFormComponent(id: "blog-edit", blogID: 1, memberID: 1, blogURL: DemoURLs.blog)
            },
            Preview("long text", signedInAs: 1, sceneURL: "/blogs/1/edit", fixtures: { db in try DemoFixtures.blog(db, title: "A long one", body: DemoFixtures.longText) }) {
                BlogEditFormComponent(id: "blog-edit", blogID: 1, memberID: 1, blogURL: DemoURLs.blog)
            },
        ]
    }
}
