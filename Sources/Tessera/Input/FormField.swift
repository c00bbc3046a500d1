// MARK: - FormField

/// One input of a form as the `Tessera/Field` partial draws it: a `<label>`, the `<input>` with
/// its limits from the ``TextField``, the value typed (never for passwords), a hint and an error,
/// each tied to the input with `aria-describedby`, and `aria-invalid` when the error is set.
///
/// ```swift
/// FormField(MemberFields.username, label: "Username", value: username, error: errors[.username],
///           autocomplete: "username")
/// ```
///
/// and in the template, `{{#username}}{{> Tessera/Field}}{{/username}}`.
public struct FormField: Sendable, Equatable {
    /// The input's name (the ``TextField``'s).
    public let name: String
    /// The `id` of the input; `for` of the label; default the name, prefixed by `idPrefix`.
    public let id: String
    /// The label's text.
    public let label: String
    /// The input's `type`: `text` (default), `password`, `email`, `url`, `search`, `tel`, `number`.
    public let type: String
    /// What was typed, shown again unless the input is a password.
    public let value: String
    /// The problem with what was typed, or nil.
    public let error: String?
    /// A sentence under the input, or nil.
    public let hint: String?
    /// The `autocomplete` token (`username`, `new-password`…), or nil.
    public let autocomplete: String?
    /// Whether the input is `required` (the field's minimum is above zero).
    public let required: Bool
    /// `minlength` (nil when zero) and `maxlength`, from the ``TextField``.
    public let minLength: Int?
    /// `maxlength`, from the ``TextField``.
    public let maxLength: Int

    /// The field `field` labelled `label`, as `type` (default `text`), showing `value` (default
    /// empty), `error` and `hint` (default none), with `autocomplete` (default none), `required`
    /// (default: when the field has a minimum length), its id `idPrefix` (default none) and the
    /// field's name.
    public init(
        _ field: TextField, label: String, type: String = "text", value: String = "", error: String? = nil,
        hint: String? = nil, autocomplete: String? = nil, required: Bool? = nil, idPrefix: String = ""
    ) {
        name = field.name
        id = idPrefix + field.name
        self.label = label
        self.type = type
        self.value = value
        self.error = error
        self.hint = hint
        self.autocomplete = autocomplete
        self.required = required ?? (field.minScalars > 0)
        minLength = field.minScalars > 0 ? field.minScalars : nil
        maxLength = field.maxScalars
    }

    /// The hint's id.
    public var hintID: String { id + "-hint" }
    /// The error's id.
    public var errorID: String { id + "-error" }
    /// The ids `aria-describedby` names: the hint's, then the error's; nil when neither is shown.
    public var describedBy: String? {
        let ids: [String] = (hint == nil ? [] : [hintID]) + (error == nil ? [] : [errorID])
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }
    /// Whether the value is written back into the input (never for a password).
    public var showsValue: Bool { type != "password" }
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
        TemplateKey("showsValue") { $0.showsValue },
    ]
}
