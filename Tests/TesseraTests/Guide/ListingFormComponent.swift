import Tessera

// The Guide's form ("Reading what people type"), as written there: `ToolshedGuideTests` checks
// the two stay the same, then runs it.

@Component
struct ListingFormComponent {
    static let save = Action("save", path: "", files: [Self.photo], ListingFormComponent.save)   // body sized by the file

    static let name = TextField("name", minScalars: 1, maxScalars: 80)
    static let notes = TextField("notes", maxScalars: 2000, lines: .multiple)
    static let deposit = TextField("deposit", maxScalars: 6)
    static let photo = FileField("photo", maxBytes: 2 * 1024 * 1024, kind: .image(within: ImageSize.Limit(side: 4096, pixels: 16_000_000)))
    static let photos = FileRoute("/photos", access: .everyone)        // listed in the app's fileRoutes

    enum Field: String, CaseIterable, Sendable { case name, notes, condition, extras, insured, deposit, photo }
    enum Condition: String, FormChoosable {
        case new, good, worn
        var label: String { rawValue.capitalized }
    }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(actionURL: scope.url(for: Self.save), typed: Typed(), errors: FormErrors())
    }

    struct Typed: Sendable {
        var name = "", notes = "", deposit = "", condition: Condition? = nil, extras: Set<String> = [], insured = false
    }

    @TemplateModel
    struct Model {
        let actionURL: String
        @TemplateIgnored let typed: Typed
        @TemplateIgnored let errors: FormErrors<Field>

        var fields: [FormField] {
            [
                FormField(ListingFormComponent.name, label: "Name", value: typed.name, error: errors[.name]),
                FormField.textArea(ListingFormComponent.notes, label: "Notes", value: typed.notes, error: errors[.notes], rows: 6),
                FormField.radioGroup("condition", label: "Condition", choices: FormChoice.all(Condition.self),
                                     selected: typed.condition?.rawValue, error: errors[.condition]),
                FormField.checkboxes("extras", label: "Comes with", choices: [FormChoice("case"), FormChoice("spare blade")],
                                     selected: typed.extras),
                FormField.checkbox("insured", label: "Insured", checked: typed.insured),
                FormField(ListingFormComponent.deposit, label: "Deposit", type: "number", value: typed.deposit, error: errors[.deposit]),
                FormField.file(ListingFormComponent.photo, label: "Photo", error: errors[.photo], hint: "Optional. PNG, JPEG, GIF or WebP."),
            ]
        }
        var summary: ErrorSummary { ErrorSummary(fields) }
    }

    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let form = context.form
        var errors = FormErrors<Field>()
        let name = form.field(Self.name), notes = form.field(Self.notes), deposit = form.field(Self.deposit)
        errors[.name] = name.problem
        errors[.notes] = notes.problem
        errors[.deposit] = deposit.problem ?? (Int(deposit.value) == nil ? "Enter a whole number of euros." : nil)
        let condition = try form.choice("condition", as: Condition.self)    // a value none of the cases: 400
        if condition == nil { errors[.condition] = "Choose the tool's condition." }
        let photo = context.file(Self.photo)                                // checked by its bytes
        errors[.photo] = photo.problem
        let typed = Typed(name: name.value, notes: notes.value, deposit: deposit.value, condition: condition,
                          extras: Set(form.all("extras")), insured: form.isChecked("insured"))
        guard errors.isEmpty else {                                         // 400: the form again, as sent
            return .invalid(Model(actionURL: context.url(for: Self.save), typed: typed, errors: errors))
        }
        try await context.database.write { db in
            var photoURL: String?
            if let file = photo.file { photoURL = try await Self.photos.store(file, in: db) }   // with its row, or not at all
            try await db.execute("INSERT INTO listing (name, notes, photoURL) VALUES (?, ?, ?)", [name.value, notes.value, photoURL])
        }
        return .redirect(to: "/").withNotice(Notice("Your tool is listed."))
    }
}
