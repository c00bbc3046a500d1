import Tessera

// MARK: - Form field fixtures

/// A tool's condition: radio buttons.
enum ToolCondition: String, FormChoosable {
    case new, good, worn
    var label: String { rawValue.capitalized }
}

/// A tool's size: a select.
enum ToolSize: String, FormChoosable {
    case small, medium, large
    var label: String { rawValue.capitalized }
}

/// What comes with a tool: checkboxes.
enum ToolExtra: String, FormChoosable {
    case bag, charger, manual
    var label: String { "A " + rawValue }
}

/// `/listing`: a form with one field of every kind.
final class ListingScene: Scene {
    override class var path: String { "/listing" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("listing") { _, _ in KitchenSinkFormComponent() }] }

    /// The fixture's template.
    static let templates = [
        "Components/ListingForm": """
            <form method="post" action="{{actionURL}}">{{> Tessera/FormTokens}}
            {{#title}}{{> Tessera/Field}}{{/title}}
            {{#notes}}{{> Tessera/Field}}{{/notes}}
            {{#price}}{{> Tessera/Field}}{{/price}}
            {{#from}}{{> Tessera/Field}}{{/from}}
            {{#code}}{{> Tessera/Field}}{{/code}}
            {{#size}}{{> Tessera/Field}}{{/size}}
            {{#condition}}{{> Tessera/Field}}{{/condition}}
            {{#extras}}{{> Tessera/Field}}{{/extras}}
            {{#insured}}{{> Tessera/Field}}{{/insured}}
            {{#photo}}{{> Tessera/Field}}{{/photo}}
            <button type="submit">Save</button></form>
            """
    ]
}

/// A listing's form: every field kind, refused (400, everything kept but the password and the
/// file) while the title is empty.
@Component
struct KitchenSinkFormComponent {
    static var template: String? { "Components/ListingForm" }
    static let title = TextField("title", minScalars: 1, maxScalars: 60)
    static let notes = TextField("notes", maxScalars: 500, lines: .multiple, trimsWhitespace: false)
    static let price = TextField("price", maxScalars: 6)
    static let from = TextField("from", maxScalars: 10)
    static let code = TextField("code", maxScalars: 20, trimsWhitespace: false)
    static let save = Action("save", path: "", KitchenSinkFormComponent.save)

    /// What was sent.
    struct Values {
        var title = "", notes = "", price = "", from = "", code = ""
        var size: ToolSize?
        var condition: ToolCondition?
        var extras: [ToolExtra] = []
        var insured = false
    }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(Values(), errors: [:], actionURL: scope.url(for: Self.save))
    }

    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let form = context.form
        let values = Values(
            title: form.field(Self.title).value, notes: form.field(Self.notes).value, price: form.field(Self.price).value,
            from: form.field(Self.from).value, code: form.field(Self.code).value, size: try form.choice("size", as: ToolSize.self),
            condition: try form.choice("condition", as: ToolCondition.self), extras: try form.choices("extras", as: ToolExtra.self),
            insured: form.isChecked("insured"))
        var errors: [String: String] = [:]
        errors["title"] = form.field(Self.title).problem
        if values.condition == nil { errors["condition"] = "Choose the tool's condition." }
        guard errors.isEmpty else { return .invalid(model(values, errors: errors, actionURL: context.url(for: Self.save))) }
        return .done
    }

    @TemplateModel
    struct Model {
        let actionURL: String
        let title: FormField
        let notes: FormField
        let price: FormField
        let from: FormField
        let code: FormField
        let size: FormField
        let condition: FormField
        let extras: FormField
        let insured: FormField
        let photo: FormField
    }

    private func model(_ values: Values, errors: [String: String], actionURL: String) -> Model {
        Model(
            actionURL: actionURL,
            title: FormField(Self.title, label: "Title", value: values.title, error: errors["title"]),
            notes: FormField.textArea(Self.notes, label: "Notes", value: values.notes, hint: "Anything a borrower should know."),
            price: FormField(Self.price, label: "Deposit", type: "number", value: values.price),
            from: FormField(Self.from, label: "Available from", type: "date", value: values.from),
            code: FormField(Self.code, label: "Locker code", type: "password", value: values.code),
            size: FormField.select("size", label: "Size", choices: FormChoice.all(ToolSize.self), selected: values.size?.rawValue),
            condition: FormField.radioGroup(
                "condition", label: "Condition", choices: FormChoice.all(ToolCondition.self), selected: values.condition?.rawValue,
                error: errors["condition"]),
            extras: FormField.checkboxes(
                "extras", label: "Comes with", choices: FormChoice.all(ToolExtra.self), selected: Set(values.extras.map(\.rawValue))),
            insured: FormField.checkbox("insured", label: "Insured", checked: values.insured),
            photo: FormField.file("photo", label: "Photo", accept: "image/png,image/jpeg", hint: "Choose it again after a refusal."))
    }
}
