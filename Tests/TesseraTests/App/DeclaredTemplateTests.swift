import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Fixtures: a section renderer

/// Draws each shelf section with `Views/Shelves/ShelfSection.mustache`.
struct ShelfSection: SectionRenderer {}

/// A list whose sections are drawn by ``ShelfSection``: nothing but its model's type names it.
struct SectionShelfComponent: Component {
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let source = try? SectionedDataSource<ShelfSection>(sections: [DataSourceSection(items: [])]) {}
        return Model(rows: source)
    }

    struct Model: TemplateModel {
        let rows: SectionedDataSource<ShelfSection>?
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("rows") { $0.rows }]
    }
}

final class SectionShelfScene: Scene {
    override class var path: String { "/shelves" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("shelf") { _, _ in SectionShelfComponent() }] }
}

struct SectionShelfApp: TesseraApp {
    var scenes: [Scene.Type] { [SectionShelfScene.self] }
}

// MARK: - Fixtures: a scene with variants

/// A room seen by a visitor or by its owner (`?as=owner`), each with its own template.
enum RoomVariant: TemplateVariant {
    case visitor, owner
    var template: String { self == .owner ? "Rooms/OwnerRoom" : "Rooms/VisitorRoom" }
}

final class RoomScene: Scene, VariantScene {
    override class var path: String { "/rooms" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("shelf") { _, _ in SectionShelfComponent() }] }
    var variant = RoomVariant.visitor

    override func parseParameters(_ scope: RequestScope) throws {
        if scope.query["as"] == "owner" { variant = .owner }
    }
}

struct RoomApp: TesseraApp {
    var scenes: [Scene.Type] { [RoomScene.self] }
}

// MARK: - Fixtures: a declared layout

struct DeclaredLayoutApp: TesseraApp {
    var scenes: [Scene.Type] { [ReadingRoomScene.self] }
    var layout: String? { "Layouts/Main" }
}

// MARK: - Fixtures: a layout holding a component

/// A line the layout shows on every page.
@Component
struct BannerComponent {
    func load(_ scope: ComponentScope<Self>) async throws -> Model { Model(text: "Welcome") }

    @TemplateModel
    struct Model {
        let text: String
    }
}

/// A room whose own component is also called `banner`.
final class BannerRoomScene: Scene {
    override class var path: String { "/banner-room" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("banner") { _, _ in BannerComponent() }] }
}

/// The reading room inside a layout that holds `banner` (and, with `clashing`, a scene holding
/// one too).
struct BannerLayoutApp: TesseraApp {
    var clashing = false
    var scenes: [Scene.Type] { clashing ? [ReadingRoomScene.self, BannerRoomScene.self] : [ReadingRoomScene.self] }
    var layout: String? { "Layouts/Main" }
    var layoutComposition: [ComponentSlot] { [.layout("banner") { _ in BannerComponent() }] }
}

// MARK: - Tests

/// Every template an app can render is declared on a type start-up walks: a section renderer's
/// (by its data source's type), every variant of a scene, the app's layout. Deleting any of them
/// fails the check naming the file and the Swift type; a key one reads is checked against its model.
@Suite("Declared templates")
struct DeclaredTemplateTests {
    static let shelfTemplates = [
        "Shelves/SectionShelfComponent": "<div>{{rows}}</div>",
        "Shelves/ShelfSection": "{{^isEmpty}}<ol data-items>{{items}}</ol>{{/isEmpty}}{{#isEmpty}}<p>Empty shelf</p>{{/isEmpty}}",
    ]

    static let roomTemplates = shelfTemplates.merging([
        "Rooms/VisitorRoom": "<h1>Visiting</h1>{{components.shelf}}",
        "Rooms/OwnerRoom": "<h1>Your room</h1>{{components.shelf}}",
    ]) { $1 }

    // MARK: - Section renderers

    @Test("a section renderer's template is checked: deleting it fails naming the file and the type")
    func deletedSectionTemplate() throws {
        let present = try AppFolder(templates: Self.shelfTemplates)
        defer { present.remove() }
        _ = try SectionShelfApp().check(present.configuration)

        let deleted = try AppFolder(templates: Self.shelfTemplates.filter { $0.key != "Shelves/ShelfSection" })
        defer { deleted.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try SectionShelfApp().check(deleted.configuration) }
        #expect(error.problems.map(\.description) == ["ShelfSection: has no template (expected Views/**/ShelfSection.mustache)"])
    }

    @Test("a key a section template reads is checked against SectionModel")
    func misspeltSectionKey() throws {
        var templates = Self.shelfTemplates
        templates["Shelves/ShelfSection"] = "<ol>{{itemz}}</ol>"
        let folder = try AppFolder(templates: templates)
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try SectionShelfApp().check(folder.configuration) }
        #expect(
            error.problems.map(\.description).contains {
                $0.hasSuffix("Shelves/ShelfSection.mustache:1:5: key 'itemz' is not provided by SectionModel (ShelfSection)")
            }, "\(error)")
    }

    @Test("a section renderer draws each section with its own template")
    func sectionRendererDraws() async throws {
        let folder = try AppFolder(templates: Self.shelfTemplates)
        defer { folder.remove() }
        try await TestApp(SectionShelfApp(), root: folder.root).test { client in
            let page = try await client.get("/shelves")
            #expect(page.status == .ok)
            #expect(page.select("#shelf div p").map(\.text) == ["Empty shelf"])
        }
    }

    // MARK: - Scene variants

    @Test("every variant's template is checked: deleting one fails naming the scene, the variant and the file")
    func deletedVariantTemplate() throws {
        let present = try AppFolder(templates: Self.roomTemplates)
        defer { present.remove() }
        _ = try RoomApp().check(present.configuration)

        let deleted = try AppFolder(templates: Self.roomTemplates.filter { $0.key != "Rooms/OwnerRoom" })
        defer { deleted.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try RoomApp().check(deleted.configuration) }
        #expect(
            error.problems.map(\.description) == [
                "RoomScene: its variant 'owner' names template 'Rooms/OwnerRoom', which does not exist (expected Views/Rooms/OwnerRoom.mustache)"
            ])
    }

    @Test("a variant the visitor never gets is checked too: its keys and the components it places")
    func variantTemplateChecked() throws {
        var templates = Self.roomTemplates
        templates["Rooms/OwnerRoom"] = "<h1>{{titel}}</h1>{{components.shelv}}"
        let folder = try AppFolder(templates: templates)
        defer { folder.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try RoomApp().check(folder.configuration) }
        let lines = error.problems.map(\.description)
        #expect(lines.contains { $0.hasSuffix("Rooms/OwnerRoom.mustache:1:5: key 'titel' is not provided by EmptyModel (RoomScene)") }, "\(error)")
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "Rooms/OwnerRoom.mustache:1:21: RoomScene: its template places component 'shelv', which its composition does not declare (declared: shelf)")
            }, "\(error)")
    }

    @Test("the variant chosen per request is the template rendered")
    func variantRendered() async throws {
        let folder = try AppFolder(templates: Self.roomTemplates)
        defer { folder.remove() }
        try await TestApp(RoomApp(), root: folder.root).test { client in
            let visitor = try await client.get("/rooms")
            #expect(visitor.select("h1").map(\.text) == ["Visiting"])
            let owner = try await client.get("/rooms?as=owner")
            #expect(owner.select("h1").map(\.text) == ["Your room"])
        }
    }

    // MARK: - Layouts

    @Test("a declared layout that Views/ lacks fails naming the app and the file")
    func deletedDeclaredLayout() throws {
        let room = ["Rooms/ReadingRoomScene": "<h1>Reading room</h1>"]
        let present = try AppFolder(templates: room.merging(["Layouts/Main": "<!DOCTYPE html><html><body>{{content}}</body></html>"]) { $1 })
        defer { present.remove() }
        _ = try DeclaredLayoutApp().check(present.configuration)

        let deleted = try AppFolder(templates: room)
        defer { deleted.remove() }
        let error = try #require(throws: StartupErrors.self) { _ = try DeclaredLayoutApp().check(deleted.configuration) }
        #expect(
            error.problems.map(\.description) == [
                "DeclaredLayoutApp: declares the layout 'Layouts/Main', which does not exist (expected Views/Layouts/Main.mustache)"
            ])
    }

    @Test("an app declaring no layout uses Tessera's; a Layouts/Main it does not declare is a warning")
    func undeclaredLayout() throws {
        let folder = try AppFolder(templates: ["Rooms/ReadingRoomScene": "<h1>Reading room</h1>"])
        defer { folder.remove() }
        let quiet = try ReadingRoomApp().checkWithWarnings(folder.configuration)
        #expect(quiet.warnings.isEmpty)
        #expect(ReadingRoomApp().siteConfiguration(folder.configuration).defaultLayout == BuiltInTemplates.layout)

        let unused = try AppFolder(templates: [
            "Rooms/ReadingRoomScene": "<h1>Reading room</h1>", "Layouts/Main": "<!DOCTYPE html><html><body>{{content}}</body></html>",
        ])
        defer { unused.remove() }
        let warned = try ReadingRoomApp().checkWithWarnings(unused.configuration)
        #expect(warned.warnings.contains { $0.contains("Layouts/Main.mustache is not used: ReadingRoomApp declares no layout") }, "\(warned.warnings)")
    }

    @Test("a declared layout without Tessera's scripts is a warning naming the partial; with them, none")
    func layoutWithoutScripts() throws {
        let bare = try AppFolder(templates: [
            "Rooms/ReadingRoomScene": "<h1>Reading room</h1>",
            "Layouts/Main": "<!DOCTYPE html><html><head><title>{{documentTitle}}</title></head><body>{{content}}</body></html>",
        ])
        defer { bare.remove() }
        let warned = try DeclaredLayoutApp().checkWithWarnings(bare.configuration)
        #expect(
            warned.warnings.contains { $0.hasPrefix("Views/Layouts/Main.mustache does not write {{> Tessera/Scripts}} in its <head>") },
            "\(warned.warnings)")

        let whole = try AppFolder(templates: [
            "Rooms/ReadingRoomScene": "<h1>Reading room</h1>",
            "Layouts/Main": "<!DOCTYPE html><html><head><title>{{documentTitle}}</title>\n{{> Tessera/Scripts}}\n</head><body>{{content}}</body></html>",
        ])
        defer { whole.remove() }
        #expect(try DeclaredLayoutApp().checkWithWarnings(whole.configuration).warnings.isEmpty)
    }

    @Test("a layout places only the components the app's layout composition declares, each with its template, ids apart from the scenes'")
    func layoutComponentsAreChecked() throws {
        let room = ["Rooms/ReadingRoomScene": "<h1>Reading room</h1>", "Layouts/BannerComponent": "<p>{{text}}</p>"]
        func layout(_ placed: String) -> [String: String] {
            ["Layouts/Main": "<!DOCTYPE html><html><body>\(placed)\n{{content}}</body></html>"]
        }
        let good = try AppFolder(templates: room.merging(layout("{{components.banner}}")) { $1 })
        defer { good.remove() }
        _ = try BannerLayoutApp().check(good.configuration)

        let misspelt = try AppFolder(templates: room.merging(layout("{{components.baner}}")) { $1 })
        defer { misspelt.remove() }
        let unknown = try #require(throws: StartupErrors.self) { _ = try BannerLayoutApp().check(misspelt.configuration) }
        #expect(
            unknown.problems.map(\.description) == [
                "Views/Layouts/Main.mustache:1:30: BannerLayoutApp: its layout places component 'baner', which its layout composition does not declare (declared: banner)"
            ])

        let untemplated = try AppFolder(templates: room.filter { $0.key != "Layouts/BannerComponent" }.merging(layout("{{components.banner}}")) { $1 })
        defer { untemplated.remove() }
        let missing = try #require(throws: StartupErrors.self) { _ = try BannerLayoutApp().check(untemplated.configuration) }
        #expect(missing.problems.map(\.description) == ["BannerComponent: has no template (expected Views/**/BannerComponent.mustache)"])

        let clash = try #require(throws: StartupErrors.self) { _ = try BannerLayoutApp(clashing: true).check(good.configuration) }
        #expect(clash.problems.map(\.description).contains { $0.hasPrefix("BannerRoomScene: the component id 'banner' is declared by its composition and by the app's layout composition") })
    }
}
