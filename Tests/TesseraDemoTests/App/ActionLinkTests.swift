import Tessera
import Testing

@testable import TesseraDemo

/// The demo's links to actions on other pages (the layout's "Sign out", a notice's "Undo", the
/// trash's "Delete forever") come from the components' typed actions, under a scene that mounts
/// them.
@Suite("Links to actions")
struct ActionLinkTests {
    @Test("each link to another page's action is a route that scene mounts")
    func linksAreMounted() {
        #expect(SignInScene.links(to: SignInFormComponent.signOut))
        #expect(TrashScene.links(to: TrashListComponent.restore))
        #expect(TrashScene.links(to: TrashListComponent.delete))
        let posts = Set(RouteTable(scenes: DemoApp().allScenes).routes.filter { $0.method == "POST" }.map(\.path))
        #expect(posts.contains("/signin/signout"))
        #expect(posts.contains("/trash/:item/restore"))
        #expect(posts.contains("/trash/:item/delete"))
    }

    @Test("the links are the actions' paths under their scenes")
    func linksAreBuiltFromTheActions() {
        #expect(DemoURLs.signOut == "/signin/signout")
        #expect(DemoURLs.restore(7) == "/trash/7/restore")
        #expect(DemoURLs.deleteForever(7) == "/trash/7/delete")
    }
}
