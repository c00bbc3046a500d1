import Foundation
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import TesseraMacros

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Models

/// A shelf, its keys named once by its properties.
@TemplateModel
struct MacroShelf {
    let title: String
    let books: [MacroBook]
    /// Swift only: not a key.
    private let secret: String
    @TemplateIgnored let ownerID: Int64
    static let limit = 10
    var isEmpty: Bool { books.isEmpty }
    var count: Int { books.count }

    init(title: String, books: [MacroBook], secret: String = "hidden", ownerID: Int64 = 7) {
        self.title = title
        self.books = books
        self.secret = secret
        self.ownerID = ownerID
    }
}

/// A book: the element of the shelf's list, with a nested author.
@TemplateModel
struct MacroBook {
    let name: String
    let author: MacroAuthor?
}

@TemplateModel
struct MacroAuthor {
    let name: String
}

/// A model with a name outside ASCII (answered by a plain `switch`).
@TemplateModel
struct MacroMenu {
    let café: String
    let tea: String
}

/// A model holding markup.
@TemplateModel
struct MacroFrame {
    let content: any HTMLFragment
}

// MARK: - Tests

/// `@TemplateModel` makes a view model's properties its keys, each named once.
@Suite("@TemplateModel")
struct TemplateModelMacroTests {
    let shelf = MacroShelf(title: "Reading now", books: [MacroBook(name: "Dune", author: MacroAuthor(name: "Herbert"))])

    @Test("the keys are the instance properties, stored and computed, in order; private, static and ignored ones are not")
    func keysAreTheProperties() {
        #expect(MacroShelf.templateKeys.map(\.name) == ["title", "books", "isEmpty", "count"])
        #expect(MacroBook.templateKeys.map(\.name) == ["name", "author"])
    }

    @Test("each key reads its property; other names (private ones included) read nothing")
    func valuesAreRead() {
        guard case .string("Reading now") = shelf.value(forKey: "title") else { Issue.record("title"); return }
        guard case .int(1) = shelf.value(forKey: "count") else { Issue.record("count"); return }
        guard case .list(let books) = shelf.value(forKey: "books"), books.count == 1 else { Issue.record("books"); return }
        #expect(shelf.value(forKey: "isEmpty")?.isTruthy == false)
        #expect(shelf.value(forKey: "secret") == nil)
        #expect(shelf.value(forKey: "ownerID") == nil)
        #expect(shelf.value(forKey: "nothing") == nil)
    }

    @Test("names of one length are told apart, and a name outside ASCII is answered too")
    func namesOfOneLengthAndOutsideASCII() {
        guard case .string("Reading now") = shelf.value(forKey: "title") else { Issue.record("title"); return }
        guard case .list = shelf.value(forKey: "books") else { Issue.record("books, as long as title"); return }
        #expect(shelf.value(forKey: "bookz") == nil, "same length, no such key")
        let menu = MacroMenu(café: "open", tea: "green")
        guard case .string("open") = menu.value(forKey: "café") else { Issue.record("café"); return }
        guard case .string("green") = menu.value(forKey: "tea") else { Issue.record("tea"); return }
        #expect(menu.value(forKey: "cafe") == nil)
    }

    @Test("shapes come from the properties' types: a list of models, a nested optional model, markup")
    func shapes() {
        let shapes = Dictionary(uniqueKeysWithValues: MacroShelf.declaredKeys.map { ($0.name, "\($0.shape)") })
        #expect(shapes["books"]?.contains("list") == true)
        #expect(shapes["title"] == "value")
        #expect(MacroBook.declaredKeys.last.map { "\($0.shape)" }?.contains("MacroAuthor") == true)
        #expect(MacroFrame.declaredKeys.map { "\($0.shape)" }.first?.hasPrefix("markup") == true)
    }

    @Test("start-up's checker knows the keys: computed ones pass, a private property's name is an error")
    func checkerSeesTheKeys() throws {
        let text = "{{title}}{{count}}{{#books}}{{name}}{{author.name}}{{/books}}{{^isEmpty}}{{/isEmpty}}\n{{secret}}"
        let library = try TemplateLibrary(sources: [TemplateSource(name: "Shelf", text: text, displayPath: "Views/Shelf.mustache")])
        var checker = TemplateChecker(library: library, globals: Site.builtInGlobalKeys)
        checker.check(template: "Shelf", model: MacroShelf.self, owner: "ShelfComponent")
        #expect(checker.errors.map(\.description) == ["Views/Shelf.mustache:2:1: key 'secret' is not provided by MacroShelf (ShelfComponent)"])
    }

    @Test("on a protocol, the macro is an error saying where it applies")
    func protocolIsRefused() {
        assertMacroExpansion(
            "@TemplateModel\nprotocol Shelf {}",
            expandedSource: "protocol Shelf {}",
            diagnostics: [DiagnosticSpec(message: "@TemplateModel applies to a struct, a class or an enum", line: 1, column: 1)],
            macroSpecs: ["TemplateModel": MacroSpec(type: TemplateModelMacro.self)],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }
}
