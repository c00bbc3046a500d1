import Foundation
import GRDB
@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Input fixtures

/// A note form for the input tests: one multi-line field with small limits, an action that
/// stores the note as an item's title (or shows the form again with the problem), one that
/// redirects wherever `next` says (the framework must keep it on the site), and a guessing game
/// guarded by an ``AttemptThrottle``.
@Component
struct NoteFormComponent {
    static let note = TextField("note", maxScalars: 20, maxBytes: 40, maxMarksPerCharacter: 3, lines: .multiple, trimsWhitespace: false)
    static let title = TextField("title", maxScalars: 20)
    static let guesses = ThrottleRule(name: "test.guess", limit: 3, window: 600, lockout: 300)

    static var template: String? { "Components/NoteForm" }
    static let save = Action("save", path: "", NoteFormComponent.save)
    static let go = Action("go", NoteFormComponent.go)
    static let guess = Action("guess", NoteFormComponent.guess)

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        var note = ""
        if let id = scope.query["show"].flatMap(Int64.init) {
            note = try await scope.database.read { db in
                try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = ?", [id]) ?? ""
            }
        }
        _ = try scope.query.field(Self.title).checked()
        return Model(note: note, problem: nil)
    }

    struct Model: TemplateModel {
        let note: String
        let problem: String?
        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("note") { $0.note },
            TemplateKey("problem") { $0.problem },
            TemplateKey("maxLength") { _ in NoteFormComponent.note.maxScalars },
        ]
    }

    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let field = context.form.field(Self.note)
        let note = field.value
        guard field.problem == nil else { return .invalid(Model(note: note, problem: field.problem)) }
        let id = try await context.database.write { db in
            try await db.fetchValue(Int64.self, "INSERT INTO item (title) VALUES (?) RETURNING id", [note]) ?? 0
        }
        return .redirect(to: "/notes?show=\(id)")
    }

    func go(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        .redirect(to: context.form["next"] ?? "/")
    }

    func guess(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let throttle = AttemptThrottle(database: context.request.site.database)
        let keys = [Self.guesses.key(context.form["account"] ?? ""), Self.guesses.key("ip " + ClientAddress.subject(of: context.request))]
        let answer = context.form["answer"]
        guard try await throttle.attempt(keys, message: "Too many guesses.", { answer == "42" ? true : nil }) != nil else {
            return .invalid(Model(note: "", problem: "Wrong."))
        }
        return .redirect(to: "/notes")
    }
}

/// The notes page.
final class NotesScene: Scene {
    override class var path: String { "/notes" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("note-form") { _, _ in NoteFormComponent() }] }
}

enum NoteTemplates {
    static let all: [String: String] = [
        "Components/NoteForm": """
            csrf={{csrfToken}};<form method="post" action="/notes">{{> Tessera/FormTokens}}<textarea name="note" maxlength="{{maxLength}}">
            {{note}}</textarea>{{#problem}}<p class="field-error">{{problem}}</p>{{/problem}}</form>
            """
    ]

    /// The note as the page shows it: the textarea's text after the one newline the HTML
    /// parser drops, unescaped.
    static func note(in html: String) -> String? {
        guard let start = html.range(of: "maxlength=\"20\">\n"), let end = html.range(of: "</textarea>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return HTMLText.unescape(String(html[start.upperBound..<end.lowerBound]))
    }
}

/// Reverses Tessera's text escaping (`& < > " '`), for comparing what a page shows.
enum HTMLText {
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
