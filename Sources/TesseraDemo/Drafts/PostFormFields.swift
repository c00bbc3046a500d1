import Tessera

// MARK: - PostFormFields

/// A post's title and text as the form shows them, with their problems: the one form a draft's
/// editor (``DraftFormComponent``) and a published post's editor (``BlogEditFormComponent``)
/// share, drawn by the partial `Views/Drafts/PostFields.mustache`.
struct PostFormFields: Sendable {
    /// The title as typed (or as stored, before any post).
    var title = ""
    /// The text as typed (or as stored, before any post).
    var body = ""
    /// The problems by field.
    var errors = FormErrors<Draft.Field>()

    /// Replaces the problems with `problems` (those of ``Draft/problems(title:body:publishing:)``).
    mutating func refuse(_ problems: [Draft.Field: String]) {
        errors = FormErrors(problems, summary: errors.summary)
    }

    /// The model of the fields, their elements' ids starting with `idPrefix` and the text
    /// field followed by `hint`.
    func model(idPrefix: String, hint: String) -> Model {
        Model(fields: self, idPrefix: idPrefix, hint: hint)
    }

    /// What the partial reads: the two fields, drawn by Tessera's `Tessera/Field` (their ids
    /// start with `idPrefix`), and their ``ErrorSummary``.
    @TemplateModel
    struct Model {
        @TemplateIgnored let fields: PostFormFields
        @TemplateIgnored let idPrefix: String
        @TemplateIgnored let hint: String
        var title: FormField {
            FormField(Draft.titleField, label: "Title", value: fields.title, error: fields.errors[.title], idPrefix: idPrefix + "-")
        }
        var body: FormField {
            FormField.textArea(
                Draft.bodyField, label: "Text", value: fields.body, error: fields.errors[.body], hint: hint, rows: 14,
                idPrefix: idPrefix + "-")
        }
        var summary: ErrorSummary { ErrorSummary([title, body], message: fields.errors.message) }
    }
}
