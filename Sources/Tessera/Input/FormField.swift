// MARK: - FormField

/// One control of a form as the `Tessera/Field` partial draws it — a one-line input of any type,
/// a text area, a select, a group of radio buttons, one checkbox, a group of checkboxes or a file
/// input — with its label (a `<legend>` for a group), hint and error, each tied to the control
/// with `aria-describedby`, `aria-invalid` when the error is set, its limits, and what was typed
/// or chosen kept on a refusal (never a password or a file: a browser cannot be given those back).
///
/// ```swift
/// FormField(MemberFields.username, label: "Username", value: username, error: errors[.username],
///           autocomplete: "username")
/// FormField.textArea(Post.body, label: "Post", value: typed.body, error: errors[.body])
/// FormField.select("condition", label: "Condition", choices: FormChoice.all(Condition.self), selected: condition)
/// ```
///
/// and in the template, `{{#username}}{{> Tessera/Field}}{{/username}}`.
public struct FormField: Sendable, Equatable {
    /// What control draws the field.
    package enum Kind: Sendable, Equatable {
        /// An `<input>` of `type`: `text`, `email`, `password`, `number`, `date`, `url`,
        /// `search`, `tel`.
        case input(type: String)
        /// A `<textarea>` of `rows` lines.
        case textArea(rows: Int)
        /// A `<select>` of one of ``FormField/choices``, after an empty `prompt` option if any.
        case select(prompt: String?)
        /// Radio buttons, one of ``FormField/choices``, in a `<fieldset>`.
        case radioGroup
        /// One checkbox, sent as `on` when checked.
        case checkbox(checked: Bool)
        /// Checkboxes, any of ``FormField/choices``, in a `<fieldset>`.
        case checkboxes
        /// A file input taking the types `accept` names (`image/png,image/jpeg`), or any.
        case file(accept: String?)

        /// Whether HTML lets the control carry `minlength` and `maxlength`: text-like inputs
        /// and text areas.
        var takesLength: Bool {
            switch self {
            case .input(let type): ["text", "email", "password", "search", "tel", "url"].contains(type)
            case .textArea: true
            default: false
            }
        }
    }

    /// The control.
    package let kind: Kind
    /// The control's name (the ``TextField``'s, for text).
    package let name: String
    /// The `id` of the control; `for` of the label; default the name, prefixed by `idPrefix`.
    package let id: String
    /// The label's text (the legend's, for a group).
    package let label: String
    /// The input's `type` (`text` unless the kind is ``Kind/input(type:)`` of another).
    package var type: String {
        if case .input(let type) = kind { return type }
        return "text"
    }
    /// What was typed, shown again unless the input is a password (empty for choices and files),
    /// without control characters (``TextField/check(_:)`` refuses those).
    package let value: String
    /// The choices of a select or a group, each knowing whether it is chosen.
    package let choices: [FormChoice]
    /// The problem with what was sent, or nil.
    package let error: String?
    /// A sentence under the control, or nil.
    package let hint: String?
    /// The `autocomplete` token (`username`, `new-password`…), or nil.
    package let autocomplete: String?
    /// Whether the control is `required`.
    package let required: Bool
    /// `minlength` (nil when zero), from the ``TextField``.
    package let minLength: Int?
    /// `maxlength`, from the ``TextField`` (nil for controls without a length).
    package let maxLength: Int?

    // MARK: - Text

    /// The field `field` labelled `label`, as an input of `type` (default `text`), showing `value`
    /// (default empty), `error` and `hint` (default none), with `autocomplete` (default none),
    /// `required` (default: when the field has a minimum length), its id `idPrefix` (default none)
    /// and the field's name.
    public init(
        _ field: TextField, label: String, type: String = "text", value: String = "", error: String? = nil,
        hint: String? = nil, autocomplete: String? = nil, required: Bool? = nil, idPrefix: String = ""
    ) {
        self.init(
            kind: .input(type: type), field: field, label: label, value: value, error: error, hint: hint,
            autocomplete: autocomplete, required: required, idPrefix: idPrefix)
    }

    /// The multi-line field `field` as a `<textarea>` of `rows` lines (default 5), its text kept
    /// exactly (a leading line break too).
    public static func textArea(
        _ field: TextField, label: String, value: String = "", error: String? = nil, hint: String? = nil, rows: Int = 5,
        required: Bool? = nil, idPrefix: String = ""
    ) -> FormField {
        FormField(
            kind: .textArea(rows: rows), field: field, label: label, value: value, error: error, hint: hint, autocomplete: nil,
            required: required, idPrefix: idPrefix)
    }

    private init(
        kind: Kind, field: TextField, label: String, value: String, error: String?, hint: String?, autocomplete: String?,
        required: Bool?, idPrefix: String
    ) {
        self.kind = kind
        name = field.name
        id = idPrefix + field.name
        self.label = label
        self.value = InputText.withoutControlCharacters(value)
        choices = []
        self.error = error
        self.hint = hint
        self.autocomplete = autocomplete
        self.required = required ?? (field.minScalars > 0)
        let measured = kind.takesLength
        minLength = measured && field.minScalars > 0 ? field.minScalars : nil
        maxLength = measured ? field.maxScalars : nil
    }

    /// A text area's rows (0 for other kinds).
    private static func rows(of kind: Kind) -> Int {
        if case .textArea(let rows) = kind { return rows }
        return 0
    }

    // MARK: - Choices

    /// A `<select>` named `name` of `choices`, `selected` chosen (nil: none, the `prompt`
    /// option, default "Choose…", first). Required by default.
    public static func select(
        _ name: String, label: String, choices: [FormChoice], selected: String? = nil, prompt: String? = "Choose…",
        error: String? = nil, hint: String? = nil, required: Bool = true, idPrefix: String = ""
    ) -> FormField {
        FormField(
            kind: .select(prompt: prompt), name: name, label: label, choices: choices, chosen: selected.map { [$0] } ?? [],
            error: error, hint: hint, required: required, idPrefix: idPrefix)
    }

    /// Radio buttons named `name`, one per choice, `selected` checked, under the legend `label`.
    /// Required by default.
    public static func radioGroup(
        _ name: String, label: String, choices: [FormChoice], selected: String? = nil, error: String? = nil,
        hint: String? = nil, required: Bool = true, idPrefix: String = ""
    ) -> FormField {
        FormField(
            kind: .radioGroup, name: name, label: label, choices: choices, chosen: selected.map { [$0] } ?? [], error: error,
            hint: hint, required: required, idPrefix: idPrefix)
    }

    /// Checkboxes named `name`, one per choice, those in `selected` checked, under the legend
    /// `label`.
    public static func checkboxes(
        _ name: String, label: String, choices: [FormChoice], selected: Set<String> = [], error: String? = nil,
        hint: String? = nil, idPrefix: String = ""
    ) -> FormField {
        FormField(
            kind: .checkboxes, name: name, label: label, choices: choices, chosen: selected, error: error, hint: hint,
            required: false, idPrefix: idPrefix)
    }

    /// One checkbox named `name`, labelled `label`, sent as `on` when `checked`
    /// (``Parameters/isChecked(_:)``).
    public static func checkbox(
        _ name: String, label: String, checked: Bool = false, error: String? = nil, hint: String? = nil, idPrefix: String = ""
    ) -> FormField {
        FormField(
            kind: .checkbox(checked: checked), name: name, label: label, choices: [], chosen: [], error: error, hint: hint,
            required: false, idPrefix: idPrefix)
    }

    /// A file input named `name` taking `accept` (default any type). A browser never gets a
    /// file back: after a refusal it must be chosen again, which `hint` may say.
    package static func file(
        _ name: String, label: String, accept: String? = nil, error: String? = nil, hint: String? = nil, required: Bool = false,
        idPrefix: String = ""
    ) -> FormField {
        FormField(
            kind: .file(accept: accept), name: name, label: label, choices: [], chosen: [], error: error, hint: hint,
            required: required, idPrefix: idPrefix)
    }

    /// The file field `field`, taking what its kind accepts (images: PNG, JPEG, GIF, WebP).
    public static func file(
        _ field: FileField, label: String, error: String? = nil, hint: String? = nil, required: Bool = false, idPrefix: String = ""
    ) -> FormField {
        file(field.name, label: label, accept: field.accept, error: error, hint: hint, required: required, idPrefix: idPrefix)
    }

    private init(
        kind: Kind, name: String, label: String, choices: [FormChoice], chosen: Set<String>, error: String?, hint: String?,
        required: Bool, idPrefix: String
    ) {
        self.kind = kind
        self.name = name
        id = idPrefix + name
        self.label = label
        value = ""
        let radio = kind == .radioGroup
        self.choices = choices.enumerated().map { index, choice in
            choice.placed(
                name: name, id: idPrefix + name + "-" + String(index + 1), type: radio ? "radio" : "checkbox",
                chosen: chosen.contains(choice.value), required: radio && required, invalid: error != nil)
        }
        self.error = error
        self.hint = hint
        autocomplete = nil
        self.required = required
        minLength = nil
        maxLength = nil
    }

    // MARK: - Derived

    /// The id of the control a link to the field leads to: the control's, or a group's first
    /// choice's.
    package var focusID: String { choices.first.map(\.id) ?? id }
    /// The hint's id.
    package var hintID: String { id + "-hint" }
    /// The error's id.
    package var errorID: String { id + "-error" }
    /// The ids `aria-describedby` names: the hint's, then the error's; nil when neither is shown.
    package var describedBy: String? {
        let ids: [String] = (hint == nil ? [] : [hintID]) + (error == nil ? [] : [errorID])
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }
    /// Whether the value is written back into the input (never for a password).
    package var showsValue: Bool { type != "password" }
    /// A select's empty first option, or nil.
    package var prompt: String? {
        if case .select(let prompt) = kind { return prompt }
        return nil
    }
    /// The types a file input takes, or nil.
    package var accept: String? {
        if case .file(let accept) = kind { return accept }
        return nil
    }
}

// MARK: - Template

extension FormField: TemplateModel {
    /// Every key the `Tessera/Field` partial reads.
    public static let templateKeys: [TemplateKey<FormField>] = [
        TemplateKey("name") { $0.name }, TemplateKey("id") { $0.id }, TemplateKey("label") { $0.label },
        TemplateKey("type") { $0.type }, TemplateKey("value") { $0.value }, TemplateKey("error") { $0.error },
        TemplateKey("hint") { $0.hint }, TemplateKey("autocomplete") { $0.autocomplete },
        TemplateKey("required") { $0.required }, TemplateKey("minLength") { $0.minLength },
        TemplateKey("maxLength") { $0.maxLength }, TemplateKey("hintID") { $0.hintID },
        TemplateKey("errorID") { $0.errorID }, TemplateKey("describedBy") { $0.describedBy },
        TemplateKey("showsValue") { $0.showsValue }, TemplateKey("choices") { $0.choices },
        TemplateKey("isInput") { if case .input = $0.kind { true } else { false } },
        TemplateKey("isTextArea") { if case .textArea = $0.kind { true } else { false } },
        TemplateKey("rows") { FormField.rows(of: $0.kind) },
        TemplateKey("isSelect") { if case .select = $0.kind { true } else { false } },
        TemplateKey("prompt") { $0.prompt },
        TemplateKey("isGroup") { $0.kind == .radioGroup || $0.kind == .checkboxes },
        TemplateKey("isCheckbox") { if case .checkbox = $0.kind { true } else { false } },
        TemplateKey("checked") { $0.kind == .checkbox(checked: true) },
        TemplateKey("isFile") { if case .file = $0.kind { true } else { false } },
        TemplateKey("accept") { $0.accept },
    ]
}
