// MARK: - FormErrors

/// What is wrong with a submitted form: one message per field, keyed by the form's own field
/// enum (a misspelt field does not compile), and an optional message about the whole form.
///
/// `Field` is a `String`-raw-valued enum of the form's fields, its raw values the names the
/// template reads (usually the inputs' names too). Templates read the errors as a nested model:
/// `{{errors.title}}` is the title's message, `{{#errors.title}}…{{/errors.title}}` shows
/// markup (a message, `aria-invalid`) only when the title has one, and `{{errors.form}}` is the
/// form-level message. Its keys are made from `Field.allCases`, so start-up and `validate` stop
/// on `{{errors.titel}}` naming the template's line and column.
///
/// ```swift
/// enum Field: String, CaseIterable, Sendable { case title, body }
/// var errors = FormErrors<Field>(summary: "Please fix the marked fields.")
/// errors[.title] = "Give the post a title."
/// guard errors.isEmpty else { return .invalid }
/// ```
///
/// ```mustache
/// {{#errors.form}}<p class="form-error" role="alert">{{errors.form}}</p>{{/errors.form}}
/// <input id="post-title" name="title"{{#errors.title}} aria-invalid="true" aria-describedby="post-title-error"{{/errors.title}}>
/// {{#errors.title}}<p class="field-error" id="post-title-error">{{errors.title}}</p>{{/errors.title}}
/// ```
///
/// No field may be named `form` (the form-level key).
public struct FormErrors<Field: RawRepresentable & CaseIterable & Hashable & Sendable>: TemplateModel, Sendable
where Field.RawValue == String {
    // MARK: - State

    /// The message of each field that has a problem.
    package private(set) var fields: [Field: String]
    /// A message about the whole form that no one field owns (default none), e.g. "That
    /// username and password do not match."
    public var message: String?
    /// The form-level message shown when some field has a problem and no ``message`` is set
    /// (default none), e.g. "Please fix the marked fields."
    public let summary: String?

    /// No errors yet; `summary` is the form-level message whenever a field has one.
    public init(summary: String? = nil) {
        self.fields = [:]
        self.message = nil
        self.summary = summary
    }

    /// Errors already known by field (nil messages are dropped).
    public init(_ fields: [Field: String], summary: String? = nil) {
        self.fields = fields
        self.message = nil
        self.summary = summary
    }

    // MARK: - Reading and writing

    /// The message of `field`, or nil; setting nil clears it.
    public subscript(field: Field) -> String? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// Whether nothing is wrong: no field message and no form-level ``message``.
    public var isEmpty: Bool { fields.isEmpty && message == nil }

    /// The form-level message templates show: ``message`` if set, else ``summary`` when some
    /// field has a problem, else nil.
    package var formMessage: String? { message ?? (fields.isEmpty ? nil : summary) }

    /// Adds `other`'s field messages, each replacing this one's for the same field (the later
    /// check wins); keeps this one's ``message`` unless it has none.
    package mutating func merge(_ other: FormErrors) {
        fields.merge(other.fields) { $1 }
        if message == nil { message = other.message }
    }

    /// Removes every message.
    package mutating func removeAll() {
        fields = [:]
        message = nil
    }

    // MARK: - Template

    /// The name of the form-level message's key.
    package static var formKey: String { "form" }

    /// One key per case of `Field` (its raw value: the field's message, or nothing) and
    /// `formKey` (`formMessage`).
    public static var templateKeys: [TemplateKey<FormErrors>] {
        Field.allCases.map { field in TemplateKey(field.rawValue) { $0.fields[field] } }
            + [TemplateKey(formKey) { $0.formMessage }]
    }

    /// The message of the field named `key`, or the form-level message for `formKey`;
    /// nil for any other name (the lookup goes on outwards). Answers without building the key
    /// table.
    public func value(forKey key: String) -> TemplateValue? {
        if key == Self.formKey { return .optional(formMessage) }
        guard let field = Field(rawValue: key) else { return nil }
        return .optional(fields[field])
    }
}

// MARK: - Equatable

extension FormErrors: Equatable {}
