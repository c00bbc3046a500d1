// MARK: - Form

extension ResourceTemplate {
    var formComponentSource: String {
        let record = name.variable
        let typed = fields.filter(\.isTyped)
        let declarations = typed.map { "    static let \($0.name) = \(textField($0))" }.joined(separator: "\n")
        let cases = fields.map(\.name).joined(separator: ", ")
        let typedVariables = fields.map { $0.isTyped ? "\($0.name) = \"\"" : "\($0.name) = false" }.joined(separator: ", ")
        let fromRecord = fields.map { "            \($0.name) = \(shown($0, of: record))" }.joined(separator: "\n")
        let formFields = fields.map { "                \(formField($0))," }.joined(separator: "\n")
        let reads = fields.map(read).joined(separator: "\n")
        let assignments = fields.map { "        saved.\($0.name) = \(stored($0))" }.joined(separator: "\n")
        let empty = fields.map { "\($0.name): \($0.emptyValue)" }.joined(separator: ", ")
        return #"""
            import Tessera

            /// The form adding \#(name.withArticle) (`\#(record)` nil) or changing one: refused input comes back as it was
            /// typed, with each field's problem; saved, it leads to the \#(name.words)'s page.
            @Component
            struct \#(formComponent) {
                /// `POST` to the scene's own path: the scene's policy guards it.
                static let save = Action("save", path: "", \#(formComponent).save)

                // MARK: - Fields

            \#(declarations)

                enum Field: String, CaseIterable, Sendable { case \#(cases) }

                /// The \#(name.words) changed; nil for a new one.
                let \#(record): \#(name.type)?

                // MARK: - Life cycle

                func load(_ scope: ComponentScope<Self>) async throws -> Model {
                    Model(actionURL: scope.url(for: Self.save), typed: \#(record).map(Typed.init) ?? Typed(), errors: FormErrors(), isNew: \#(record) == nil)
                }

                /// What the form shows: the \#(name.words)'s values, or what was typed.
                struct Typed: Sendable {
                    var \#(typedVariables)

                    init() {}

                    init(_ \#(record): \#(name.type)) {
            \#(fromRecord)
                    }
                }

                @TemplateModel
                struct Model {
                    let actionURL: String
                    @TemplateIgnored let typed: Typed
                    @TemplateIgnored let errors: FormErrors<Field>
                    let isNew: Bool

                    var fields: [FormField] {
                        [
            \#(formFields)
                        ]
                    }
                    var summary: ErrorSummary { ErrorSummary(fields) }
                }

                // MARK: - Actions

                func save(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
                    let form = scope.form
                    var errors = FormErrors<Field>()
                    var typed = Typed()
            \#(reads)
                    guard errors.isEmpty else {  // 400: the form again, as it was sent
                        return .invalid(Model(actionURL: scope.url(for: Self.save), typed: typed, errors: errors, isNew: \#(record) == nil))
                    }
                    var saved = try \#(record) ?? \#(name.type)(id: 0, ownerID: scope.requireUser(), \#(empty))
            \#(assignments)
                    let id = try await scope.database.write { db in
                        guard \#(record) != nil else { return try await saved.insert(in: db) }
                        guard try await saved.update(in: db) else { throw RequestError.notFound() }  // deleted meanwhile
                        return saved.id
                    }
                    return .redirect(to: \#(detailScene).link(id))
                        .withNotice(Notice(\#(record) == nil ? "The \#(name.words) was added." : "The \#(name.words) was saved."))
                }
            }

            """#
    }

    // MARK: - Per field

    /// The `TextField` declaring a typed field's limits.
    private func textField(_ field: ResourceField) -> String {
        let minimum = field.isRequired ? "minScalars: 1, " : ""
        return switch field.kind {
        case .text: "TextField(\"\(field.name)\", \(minimum)maxScalars: 10_000, lines: .multiple)"
        case .int, .double: "TextField(\"\(field.name)\", \(minimum)maxScalars: 20)"
        case .string, .bool: "TextField(\"\(field.name)\", \(minimum)maxScalars: 200)"
        }
    }

    /// The text the form shows for `field` of a stored record.
    private func shown(_ field: ResourceField, of record: String) -> String {
        let value = "\(record).\(field.name)"
        switch (field.kind, field.isOptional) {
        case (.bool, _), (.string, false), (.text, false): return value
        case (.string, true), (.text, true): return value + " ?? \"\""
        case (.int, false), (.double, false): return "String(\(value))"
        case (.int, true), (.double, true): return "\(value).map { String($0) } ?? \"\""
        }
    }

    /// The `FormField` drawing `field`.
    private func formField(_ field: ResourceField) -> String {
        let common = "label: \"\(field.label)\""
        let declared = "\(formComponent).\(field.name)"
        return switch field.kind {
        case .string: "FormField(\(declared), \(common), value: typed.\(field.name), error: errors[.\(field.name)])"
        case .text: "FormField.textArea(\(declared), \(common), value: typed.\(field.name), error: errors[.\(field.name)])"
        case .int: "FormField(\(declared), \(common), type: \"number\", value: typed.\(field.name), error: errors[.\(field.name)])"
        case .double:
            "FormField(\(declared), \(common), value: typed.\(field.name), error: errors[.\(field.name)], hint: \"A number, such as 2.5.\")"
        case .bool: "FormField.checkbox(\"\(field.name)\", \(common), checked: typed.\(field.name), error: errors[.\(field.name)])"
        }
    }

    /// The lines reading `field` from the post into `typed` and `errors`.
    private func read(_ field: ResourceField) -> String {
        let name = field.name
        guard field.isTyped else { return "        typed.\(name) = form.isChecked(\"\(name)\")" }
        let check: (condition: String, message: String)? = switch field.kind {
        case .int: ("Int(\(name).value) == nil", "Enter a whole number.")
        case .double: ("Double(\(name).value)?.isFinite != true", "Enter a number, such as 2.5.")
        default: nil
        }
        var problem = "\(name).problem"
        if let check {
            let condition = field.isOptional ? "!\(name).value.isEmpty && " + check.condition : check.condition
            problem += " ?? (\(condition) ? \"\(check.message)\" : nil)"
        }
        return """
                    let \(name) = form.field(Self.\(name))
                    typed.\(name) = \(name).value
                    errors[.\(name)] = \(problem)
            """
    }

    /// The value stored for `field`, from `typed`.
    private func stored(_ field: ResourceField) -> String {
        let value = "typed.\(field.name)"
        switch (field.kind, field.isOptional) {
        case (.bool, _), (.string, false), (.text, false): return value
        case (.string, true), (.text, true): return "\(value).isEmpty ? nil : \(value)"
        case (.int, false): return "Int(\(value)) ?? 0"
        case (.double, false): return "Double(\(value)) ?? 0"
        case (.int, true): return "Int(\(value))"
        case (.double, true): return "Double(\(value))"
        }
    }
}
