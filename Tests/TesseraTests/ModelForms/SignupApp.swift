import Foundation
import Tessera

// MARK: - SignupApp

/// One page with a sign-up's form drawn from the `Signup` record (its times in the site's zone).
struct SignupApp: TesseraApp {
    var name: String { "Sign-ups" }
    var scenes: [Scene.Type] { [SignupScene.self] }

    func migrations(_ migrations: inout Migrations) {
        ModelCheckFixtures.migrations(&migrations)
    }
}

// MARK: - SignupScene

/// `GET /signup`: the form.
final class SignupScene: Scene {
    override class var path: String { "/signup" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("form") { _, _ in SignupFormComponent() }] }
}

// MARK: - SignupFormComponent

/// A sign-up's form, said once: the fields, their order, labels, hints and controls here; the
/// kinds and checks on `Signup`.
@Component
struct SignupFormComponent {
    static let save = Action("save", path: "", SignupFormComponent.save)

    static let form = FormLayout<Signup>(\.handle, \.email, \.website, \.seats, \.rating, \.mood, \.about, \.startsAt, \.isPublic)
        .label(\.handle, "Your handle")
        .hint(\.seats, "From 1 to 10.")
        .control(\.mood, .radios)
        .control(\.about, .textArea(rows: 4))

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(actionURL: scope.url(for: Self.save), form: ModelForm(scope.newChanges(to: Signup.blank), layout: Self.form))
    }

    func save(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let changes = try scope.changes(to: Signup.blank, layout: Self.form)
        do {
            let signup = try await scope.database.write { db in try await changes.insert(in: db) }
            return .redirect(to: "/signup?saved=\(signup.id)")
        } catch let refused as ChangesetRefused<Signup> {
            let form = ModelForm(refused.changes, layout: Self.form, message: "Your sign-up was not saved.")
            return .invalid(Model(actionURL: scope.url(for: Self.save), form: form))
        }
    }

    @TemplateModel
    struct Model {
        let actionURL: String
        let form: ModelForm<Signup>
    }
}
