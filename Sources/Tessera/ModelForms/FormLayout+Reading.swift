import Foundation

// MARK: - Reading a post

extension FormLayout {
    /// Text kept in a field with no length of its own.
    static var defaultMaxScalars: Int { 10_000 }

    /// The post `form` read into a change of `base`: each field the layout shows is read by
    /// its control (an unchecked checkbox is `false`), its text checked as a `TextField` checks
    /// it (control characters, lines, bytes), then as its column's type and checks say
    /// (`Changeset.take(_:)`). What cannot be read is that field's problem, its text kept; a
    /// choice none of an enum's cases (a forged form) is a 400. Dates and times are read in
    /// `timeZone` (default UTC): give the viewer's.
    package func changes(from form: Parameters, to base: Model, timeZone: TimeZone? = nil) throws(RequestError) -> Changeset<Model> {
        var input: [String: String] = [:]
        var refused: [String: String] = [:]
        for field in fields {
            guard let model = Model.modelField(field.name), model.isEditable else { continue }
            let name = field.name
            switch field.control {
            case .checkbox:
                input[name] = form.isChecked(name) ? "on" : ""
            case .select, .radios:
                let raw = form[name] ?? ""
                if !raw.isEmpty, !Self.choiceValues(of: model).contains(raw) {
                    throw .badRequest("'\(name)' is not one of the choices offered.")
                }
                input[name] = raw
            default:
                let text = TextField(
                    name, maxScalars: model.checks.maxLength ?? Self.defaultMaxScalars,
                    lines: Self.isTextArea(field.control) ? .multiple : .single
                ).check(form[name] ?? "")
                input[name] = text.value
                if let problem = text.problem { refused[name] = problem }
            }
        }
        var changes = Changeset(base, style: Self.style(timeZone))
        changes.take(input)
        for (name, message) in refused { changes.refuse(name, message) }
        return changes
    }

    /// A new change of `base`, nothing typed yet (a form's first showing), dates and times in
    /// `timeZone` (default UTC).
    package func changes(to base: Model, timeZone: TimeZone? = nil) -> Changeset<Model> {
        Changeset(base, style: Self.style(timeZone))
    }

    // MARK: - Helpers

    static func style(_ timeZone: TimeZone?) -> FieldTextStyle {
        timeZone.map { FieldTextStyle(timeZone: $0) } ?? .utc
    }

    static func isTextArea(_ control: Control) -> Bool {
        if case .textArea = control { return true }
        return false
    }

    /// The values a select or radios of `field` may send: an enum's raw values, or `true` and
    /// `false` for a `Bool`.
    static func choiceValues(of field: ModelField<Model>) -> [String] {
        field.cases ?? (field.column.kind == .boolean ? ["true", "false"] : [])
    }
}

// MARK: - Parameters

extension Parameters {
    /// This post read into a change of `base` by `layout` (default: every editable field), dates
    /// and times in `timeZone` (default UTC); see ``FormLayout/changes(from:to:timeZone:)``.
    ///
    /// ```swift
    /// let changes = try scope.form.changes(to: Klass.new, layout: Self.form)
    /// ```
    package func changes<Model: SQLModel>(
        to base: Model, layout: FormLayout<Model> = FormLayout(), timeZone: TimeZone? = nil
    ) throws(RequestError) -> Changeset<Model> {
        try layout.changes(from: self, to: base, timeZone: timeZone)
    }
}
