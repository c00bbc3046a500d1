import Foundation

// MARK: - ModelForm

/// A record's form as the `Tessera/Field` and `Tessera/ErrorSummary` partials draw it: a
/// ``FormField`` per field of a ``FormLayout``, each showing the changeset's text (what was
/// typed, on a refusal) and its problem, and the summary linking to each problem.
///
/// ```swift
/// @TemplateModel
/// struct Model {
///     let actionURL: String
///     let form: ModelForm<Klass>
/// }
/// ```
///
/// ```mustache
/// {{#form}}{{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}{{#fields}}{{> Tessera/Field}}{{/fields}}{{/form}}
/// ```
///
/// A problem of a column the form does not show goes into the summary's message, with the
/// column's name, so it is never lost.
public struct ModelForm<Model: SQLModel>: Sendable {
    /// The fields, in the layout's order.
    package let fields: [FormField]
    /// The summary of their problems (nothing to show when there is none).
    package let summary: ErrorSummary

    /// The form of `changes` as `layout` (default: every editable field) draws it; `message`
    /// (default none) heads the summary when something is wrong.
    public init(_ changes: Changeset<Model>, layout: FormLayout<Model> = FormLayout(), message: String? = nil) {
        fields = layout.fields.map { Self.formField($0, changes, layout.idPrefix) }
        let shown = Set(layout.fields.map(\.name))
        let hidden = changes.problems.fields.filter { !shown.contains($0.key) }.sorted { $0.key < $1.key }
        let extra = hidden.map { "\(BackOfficeLabels.words($0.key, capitalized: true)): \($0.value)" }
        let words = ([message, changes.problems.message].compactMap { $0 } + extra).joined(separator: " ")
        summary = changes.problems.isEmpty ? ErrorSummary([]) : ErrorSummary(fields, message: words.isEmpty ? nil : words)
    }

    // MARK: - Fields

    private static func formField(_ field: FormLayout<Model>.Field, _ changes: Changeset<Model>, _ prefix: String) -> FormField {
        let name = field.name
        let model = Model.modelField(name)
        let text = changes.text(of: name)
        let error = changes.problems[name]
        let column = model?.column
        let nullable = column?.isNullable ?? true
        let checks = model?.checks
        let required = !nullable && column?.kind != .boolean && (column?.kind != .text || checks?.requiresText == true)
        let hint = field.hint ?? defaultHint(field.control, changes.style)
        let textField = TextField(
            name, minScalars: checks?.minLength ?? 0, maxScalars: checks?.maxLength ?? FormLayout<Model>.defaultMaxScalars,
            lines: FormLayout<Model>.isTextArea(field.control) ? .multiple : .single)
        switch field.control {
        case .text:
            return FormField(textField, label: field.label, value: text, error: error, hint: hint, required: required, idPrefix: prefix)
        case .textArea(let rows):
            return FormField.textArea(
                textField, label: field.label, value: text, error: error, hint: hint, rows: rows, required: required, idPrefix: prefix)
        case .number, .email, .url, .dateTime, .date:
            let type = inputType(field.control)
            let value = field.control == .date ? String(text.prefix(10)) : text
            return FormField(
                textField, label: field.label, type: type, value: value, error: error, hint: hint, required: required, idPrefix: prefix)
        case .select:
            return FormField.select(
                name, label: field.label, choices: choices(model), selected: text, prompt: nullable ? "None" : "Choose…", error: error,
                hint: hint, required: !nullable, idPrefix: prefix)
        case .radios:
            return FormField.radioGroup(
                name, label: field.label, choices: choices(model), selected: text, error: error, hint: hint, required: !nullable,
                idPrefix: prefix)
        case .checkbox:
            let checked = model.map { $0.value(of: changes.record) == .bool(true) } ?? false
            return FormField.checkbox(name, label: field.label, checked: checked, error: error, hint: hint, idPrefix: prefix)
        }
    }

    private static func inputType(_ control: FormLayout<Model>.Control) -> String {
        switch control {
        case .number: "number"
        case .email: "email"
        case .url: "url"
        case .dateTime: "datetime-local"
        case .date: "date"
        default: "text"
        }
    }

    /// A date-time field's hint, naming its zone; none for other controls.
    private static func defaultHint(_ control: FormLayout<Model>.Control, _ style: FieldTextStyle) -> String? {
        guard control == .dateTime else { return nil }
        return "Time in \(style.timeZone.identifier)."
    }

    /// The choices of an enum field (its labels when it is ``FormChoosable``, else its raw
    /// values in words), or yes and no for a `Bool`.
    private static func choices(_ field: ModelField<Model>?) -> [FormChoice] {
        guard let field else { return [] }
        if let choosable = field.valueType as? any FormChoosable.Type { return FormChoice.all(choosable) }
        guard let cases = field.cases else { return [FormChoice("true", label: "Yes"), FormChoice("false", label: "No")] }
        return cases.map { FormChoice($0, label: BackOfficeLabels.words($0, capitalized: true)) }
    }
}

// MARK: - Template

extension ModelForm: TemplateModel {
    /// `fields` (each drawn by `Tessera/Field`) and `summary` (by `Tessera/ErrorSummary`).
    public static var templateKeys: [TemplateKey<ModelForm>] {
        [TemplateKey("fields") { $0.fields }, TemplateKey("summary") { $0.summary }]
    }
}
