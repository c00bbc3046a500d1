import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Fixtures

/// A component that names an absolute action path, as a copied guide might.
@Component
struct AbsoluteActionComponent {
    typealias Model = EmptyModel
    static var template: String? { "Books/Finish" }
    static let finish = Action("finish", path: "/books/:id/finish", AbsoluteActionComponent.finish)
    func finish(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> { .done }
}

/// Holds ``AbsoluteActionComponent`` at `/shelf`.
final class AbsoluteActionScene: Scene {
    override class var path: String { "/shelf" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("finish") { _, _ in AbsoluteActionComponent() }] }
}

/// Declares one id twice.
final class TwiceDeclaredScene: Scene {
    override class var path: String { "/twice" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] {
        [slot("shelf") { _, _ in FinishComponent() }, slot("shelf") { _, _ in AbsoluteActionComponent() }]
    }
}

/// Its template places a component its composition does not declare (a typo).
final class TypoScene: Scene {
    override class var path: String { "/typo" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("shelf") { _, _ in FinishComponent() }] }
    override class var template: String? { "Books/Typo" }
}

/// A scene whose own action (path "") is its page's address.
final class SelfPostingScene: Scene {
    override class var path: String { "/notes/:id" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("form") { _, _ in SelfPostingComponent() }] }
}

/// Posts to its scene's own path.
@Component
struct SelfPostingComponent {
    typealias Model = EmptyModel
    static var template: String? { "Books/Finish" }
    static let save = Action("save", path: "", SelfPostingComponent.save)
    static let remove = Action("remove", SelfPostingComponent.save)
    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> { .done }
}

struct AbsoluteActionApp: TesseraApp { var scenes: [Scene.Type] { [AbsoluteActionScene.self] } }
struct TwiceDeclaredApp: TesseraApp { var scenes: [Scene.Type] { [TwiceDeclaredScene.self] } }
struct TypoApp: TesseraApp { var scenes: [Scene.Type] { [TypoScene.self] } }

// MARK: - Tests

/// Routes and links come from the scenes' declarations; a component's action paths are
/// relative to the scene holding it; a template places only declared components.
@Suite("Route declarations")
struct RouteDeclarationTests {
    @Test("action paths are relative to the scene; an empty one is the scene's own address")
    func relativeActionPaths() {
        let posts = RouteTable(scenes: [SelfPostingScene.self]).routes.filter { $0.method == "POST" }
        #expect(posts.map(\.path) == ["/notes/:id", "/notes/:id/remove"])
        #expect(posts.map(\.action) == ["save", "remove"])
    }

    @Test("an absolute action path stops start-up, naming the component, the action and the scene")
    func absoluteActionPath() throws {
        let folder = try AppFolder(templates: ["Books/Finish": "<p>finish</p>"])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try AbsoluteActionApp().check(folder.configuration) }
        #expect(
            error.description
                == "AbsoluteActionComponent: action 'finish' has the absolute path '/books/:id/finish'; action paths are relative to the scene holding the component (AbsoluteActionScene is at /shelf)")
    }

    @Test("an id declared twice in one composition stops start-up")
    func duplicateSlot() throws {
        let folder = try AppFolder(templates: ["Books/Finish": "<p>finish</p>"])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try TwiceDeclaredApp().check(folder.configuration) }
        #expect(error.description.contains("TwiceDeclaredScene: its composition declares the component id 'shelf' twice"))
    }

    @Test("a scene template placing an undeclared component stops start-up at its file, line and column")
    func templatePlacesUnknownComponent() throws {
        let template = "<main>\n  {{components.shelf}}\n  {{#components.shelfs}}<p>x</p>{{/components.shelfs}}\n</main>"
        let folder = try AppFolder(templates: ["Books/Typo": template, "Books/Finish": "<p>finish</p>"])
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try TypoApp().check(folder.configuration) }
        #expect(
            error.problems.map(\.description) == [
                "Views/Books/Typo.mustache:3:6: TypoScene: its template places component 'shelfs', which its composition does not declare (declared: shelf)"
            ])
    }

    @Test("links are built from the scenes' paths, parameters percent-encoded")
    func links() {
        #expect(BookPageScene.link(5) == "/books/5")
        #expect(BookPageScene.link(Int64(7)) == "/books/7" && BookPageScene.link(Int64(-7)) == "/books/-7")
        #expect(BookPageScene.link("a b/c") == "/books/a%20b%2Fc")
        #expect(ShelfPageScene.link() == "/books")
        #expect(ShelfPageScene.link(to: FinishComponent.finish, 3) == "/books/3/finish")
        #expect(SelfPostingScene.link(to: SelfPostingComponent.save, 9) == "/notes/9")
        #expect(SelfPostingScene.link(to: SelfPostingComponent.remove, "a b") == "/notes/a%20b/remove")
        #expect(UntidyPathScene.link() == "/shelf/all", "repeated and trailing slashes fold even with nothing to fill")
        #expect(RelativePathScene.link() == "/shelf")
        #expect(Scene.fill("/bücher//:name/", { $0 == "name" ? "für alle" : "?" }) == "/bücher/f%C3%BCr%20alle", "text outside ASCII")
    }

    @Test("a one-id link, made from a cached split of the path, is the link the general filler makes")
    func oneIDLinksMatchFilledLinks() {
        let scenes: [Scene.Type] = [BookPageScene.self, UntidyPathScene.self, RelativePathScene.self, TwoParameterScene.self]
        for scene in scenes {
            for id: Int64 in [0, 7, -7, .max] {
                #expect(scene.link(id) == scene.link(id as any CustomStringConvertible), "\(scene) \(id)")
            }
        }
        #expect(TwoParameterScene.link(Int64(4)) == "/shelves/4/books/")
    }

    @Test("a component's form URLs come from its typed actions, under the scene it renders in")
    func componentActionURLs() async throws {
        let site = try await FrameworkSite(templates: [:], scenes: [])
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let request = RequestScope.standalone(site: site.site)
        let shelf = ComponentScope<FinishComponent>(request: request, id: "shelf", sceneURL: "/books")
        #expect(shelf.url(for: FinishComponent.finish, 3) == "/books/3/finish")
        #expect(shelf.url(for: FinishComponent.finish, "x/y") == "/books/x%2Fy/finish")
        let note = ComponentScope<SelfPostingComponent>(request: request, id: "form", sceneURL: "/notes/9")
        #expect(note.url(for: SelfPostingComponent.save) == "/notes/9")
        #expect(note.url(for: SelfPostingComponent.remove) == "/notes/9/remove")
        #expect(SelfPostingComponent.remove.url(in: "/", 1) == "/remove")
    }

    @Test("the action table and the routes use the typed actions' names and paths")
    func tableFromTypedActions() {
        #expect(SelfPostingComponent.actions.map(\.name) == ["save", "remove"])
        #expect(SelfPostingComponent.actions.map(\.path) == ["", "remove"])
        let posts = RouteTable(scenes: [SelfPostingScene.self]).routes.filter { $0.method == "POST" }
        #expect(posts.map(\.path) == ["/notes/:id", "/notes/:id/remove"])
        #expect(posts.map(\.action) == ["save", "remove"])
    }

    @Test("a scene says whether it mounts an action: its composition holds the action's component")
    func scenesMountingAnAction() {
        #expect(ShelfPageScene.links(to: FinishComponent.finish))
        #expect(!BookPageScene.links(to: FinishComponent.finish))
        #expect(!ShelfPageScene.links(to: SelfPostingComponent.save))
    }
}

/// Scenes whose declared paths are not in the form links use.
final class UntidyPathScene: Scene {
    override class var path: String { "/shelf//all/" }
    override class var policy: Policy? { .anyone }
}

final class TwoParameterScene: Scene {
    override class var path: String { "//shelves/:shelf//books/:id/" }
    override class var policy: Policy? { .anyone }
}

final class RelativePathScene: Scene {
    override class var path: String { "shelf" }
    override class var policy: Policy? { .anyone }
}
