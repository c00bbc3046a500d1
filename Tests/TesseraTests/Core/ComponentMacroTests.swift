import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import TesseraMacros
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Components

/// A component whose actions and child kind are each declared once.
@Component
struct MacroShelfComponent {
    typealias Model = EmptyModel
    static let finish = Action("finish", path: "books/:book/finish", MacroShelfComponent.act)
    static let remove: Action<MacroShelfComponent> = Action("remove", MacroShelfComponent.act)
    static let star = ChildSlot("star") { (_: MacroShelfComponent, key: Int64) in MacroStarComponent() }
    static let limit = 3
    func act(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> { .done }
}

/// A component with nothing to list: the macro adds only the conformance.
@Component
struct MacroStarComponent {
    typealias Model = EmptyModel
}

// MARK: - Tests

/// `@Component` lists a component's actions and kinds of child from their declarations.
@Suite("@Component")
struct ComponentMacroTests {
    @Test("the actions and children are the static lets made by Action and ChildSlot, in order")
    func listsTheDeclarations() {
        #expect(MacroShelfComponent.actions.map(\.name) == ["finish", "remove"])
        #expect(MacroShelfComponent.children.map(\.name) == ["star"])
        #expect(MacroStarComponent.actions.isEmpty && MacroStarComponent.children.isEmpty)
        let routes = ScenePlan(MacroShelfScene.self).routes.filter { $0.method == "POST" }.map(\.path)
        #expect(routes == ["/shelf/books/:book/finish", "/shelf/remove"])
    }

    @Test("the expansion: the conformance and both lists, as visible as the type")
    func expansion() {
        assertMacroExpansion(
            """
            @Component
            public struct Shelf {
                static let finish = Action("finish", Shelf.finish)
                static let star = ChildSlot<Shelf, Int64, Star>("star") { _, _ in Star() }
                static let size = 3
            }
            """,
            expandedSource: """
                public struct Shelf {
                    static let finish = Action("finish", Shelf.finish)
                    static let star = ChildSlot<Shelf, Int64, Star>("star") { _, _ in Star() }
                    static let size = 3
                }

                extension Shelf: Component {
                    /// Its actions, as `@Component` found them: the `static let`s made by `Action(…)`.
                    public static var actions: [Action<Self>] {
                        [finish]
                    }

                    /// Its kinds of child, as `@Component` found them: the `static let`s made by `ChildSlot(…)`.
                    public static var children: [any ChildDeclaration] {
                        [star]
                    }
                }
                """,
            macroSpecs: ["Component": MacroSpec(type: ComponentMacro.self, conformances: ["Component"])],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }

    @Test("the cell types are the renderers its data sources list, under ifs too, each once, in the order met")
    func listsRegisteredCells() {
        assertMacroExpansion(
            """
            @Component
            struct Feed {
                func source(_ sections: [DataSourceSection], loud: Bool) throws -> SectionedDataSource<StandardSection> {
                    try SectionedDataSource(sections: sections) {
                        BlogCell(url: "/b")
                        PhotoCell { _ in "/p" }
                        HeaderCell.init()
                        if loud { LoudCell() } else { BlogCell(url: "/c") }
                    }
                }
            }
            """,
            expandedSource: """
                struct Feed {
                    func source(_ sections: [DataSourceSection], loud: Bool) throws -> SectionedDataSource<StandardSection> {
                        try SectionedDataSource(sections: sections) {
                            BlogCell(url: "/b")
                            PhotoCell { _ in "/p" }
                            HeaderCell.init()
                            if loud { LoudCell() } else { BlogCell(url: "/c") }
                        }
                    }
                }

                extension Feed: Component {
                    /// The cells it draws, as `@Component` found them: the renderers its data sources list.
                    static var cellTypes: [any CellRenderer.Type] {
                        [BlogCell.self, PhotoCell.self, HeaderCell.self, LoudCell.self]
                    }
                }
                """,
            macroSpecs: ["Component": MacroSpec(type: ComponentMacro.self, conformances: ["Component"])],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }

    @Test("a renderer listed as a variable is a compile error naming the fix")
    func refusesAnUnreadableCell() {
        assertMacroExpansion(
            """
            @Component
            struct Feed {
                let cell = BlogCell()
                var source: SectionedDataSource<StandardSection> { try! SectionedDataSource(sections: []) { cell } }
            }
            """,
            expandedSource: """
                struct Feed {
                    let cell = BlogCell()
                    var source: SectionedDataSource<StandardSection> { try! SectionedDataSource(sections: []) { cell } }
                }

                extension Feed: Component {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Component lists the cells a data source draws from their initializers: write the renderer here "
                        + "(BookCell(…)), or declare 'static var cellTypes' yourself",
                    line: 4, column: 97)
            ],
            macroSpecs: ["Component": MacroSpec(type: ComponentMacro.self, conformances: ["Component"])],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }

    @Test("a list the type declares itself is left to it")
    func keepsDeclaredLists() {
        assertMacroExpansion(
            """
            @Component
            struct Shelf {
                static let finish = Action("finish", Shelf.finish)
                static var actions: [Action<Self>] { [] }
            }
            """,
            expandedSource: """
                struct Shelf {
                    static let finish = Action("finish", Shelf.finish)
                    static var actions: [Action<Self>] { [] }
                }

                extension Shelf: Component {
                }
                """,
            macroSpecs: ["Component": MacroSpec(type: ComponentMacro.self, conformances: ["Component"])],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }
}

/// `/shelf`, holding the shelf.
final class MacroShelfScene: Scene {
    override class var path: String { "/shelf" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("shelf") { _, _ in MacroShelfComponent() }] }
    override class var rendersComponentsInOrder: Bool { true }
}
