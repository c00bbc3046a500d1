// MARK: - FormLayout

/// Which of a record's fields a form shows, in what order, and how: each field's label, hint
/// and control, said in one place. The kinds, limits and checks come from the record
/// (`ModelField`); everything left unsaid here has a default from the column: a label from
/// its name (`startsAt` is "Starts at"), a select for an enum, a checkbox for a `Bool`, a number
/// input for an integer, a `datetime-local` input for a `Date`, an e-mail or URL input for a
/// `.format`, a text area for text longer than 255 characters, a text input for the rest.
///
/// ```swift
/// static let form = FormLayout<Klass>(\.title, \.level, \.startsAt, \.capacity, \.notes)
///     .label(\.title, "Class title")
///     .hint(\.capacity, "Most people in the room.")
///     .control(\.level, .radios)
/// ```
///
/// It reads a post into a `Changeset` (`changes(from:to:timeZone:)`) and draws the form
/// (``ModelForm``).
public struct FormLayout<Model: SQLModel>: Sendable {
    /// How one field is drawn.
    public enum Control: Sendable, Equatable {
        /// A one-line text input.
        case text
        /// A `<textarea>` of `rows` lines.
        case textArea(rows: Int)
        /// A number input (whole numbers).
        case number
        /// An e-mail input.
        case email
        /// A URL input.
        case url
        /// A `<select>` of an enum's cases (or yes and no, for an optional `Bool`).
        case select
        /// Radio buttons of an enum's cases.
        case radios
        /// One checkbox (a `Bool`).
        case checkbox
        /// A `datetime-local` input, in the form's time zone.
        case dateTime
        /// A `date` input: the day, at midnight in the form's time zone.
        case date
    }

    /// One field of the form.
    package struct Field: Sendable, Equatable {
        /// The column's name (the control's).
        package let name: String
        /// The label (a group's legend).
        package var label: String
        /// A sentence under the control, or nil.
        package var hint: String?
        /// The control.
        package var control: Control
    }

    /// The fields, in the form's order.
    package private(set) var fields: [Field]
    /// What each control's id starts with (two forms on one page need different ones).
    package var idPrefix: String

    // MARK: - Making

    /// Every field a person can edit (all but a key the database numbers, bytes and `let`
    /// properties), in the record's order.
    public init(idPrefix: String = "") {
        let fields = Model.modelFields.filter { Self.isShown($0) }
        self.fields = fields.map(Self.field)
        self.idPrefix = idPrefix
    }

    /// The fields of `keyPaths`, in that order.
    public init(_ keyPaths: PartialKeyPath<Model>..., idPrefix: String = "") {
        fields = keyPaths.map { Self.field(Model.modelField($0)) }
        self.idPrefix = idPrefix
    }

    /// Whether a field is shown by default.
    private static func isShown(_ field: ModelField<Model>) -> Bool {
        field.isEditable && !(Model.schema.generatesKey && field.name == Model.primaryKeyColumn)
    }

    /// A field's defaults, from its column.
    private static func field(_ field: ModelField<Model>) -> Field {
        Field(name: field.name, label: BackOfficeLabels.label(of: field.column), hint: nil, control: defaultControl(field))
    }

    /// The control a column gets unless the layout says otherwise.
    static func defaultControl(_ field: ModelField<Model>) -> Control {
        if field.cases != nil { return .select }
        switch field.column.kind {
        case .boolean: return field.column.isNullable ? .select : .checkbox
        case .integer: return .number
        case .timestamp: return .dateTime
        case .real, .bytes: return .text
        case .text:
            switch field.checks.format {
            case .email: return .email
            case .url: return .url
            case nil: return (field.checks.maxLength ?? 0) > 255 ? .textArea(rows: 5) : .text
            }
        }
    }

    // MARK: - Saying more

    /// `keyPath`'s field labelled `label`.
    package func label(_ keyPath: PartialKeyPath<Model>, _ label: String) -> Self {
        changing(keyPath) { $0.label = label }
    }

    /// `keyPath`'s field with `hint` under it.
    package func hint(_ keyPath: PartialKeyPath<Model>, _ hint: String) -> Self {
        changing(keyPath) { $0.hint = hint }
    }

    /// `keyPath`'s field drawn as `control`.
    public func control(_ keyPath: PartialKeyPath<Model>, _ control: Control) -> Self {
        changing(keyPath) { $0.control = control }
    }

    /// The field of column `name`, or nil when the form does not show it.
    package func field(_ name: String) -> Field? {
        fields.first { $0.name == name }
    }

    private func changing(_ keyPath: PartialKeyPath<Model>, _ change: (inout Field) -> Void) -> Self {
        let name = Model.modelField(keyPath).name
        var copy = self
        guard let index = copy.fields.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("FormLayout<\(Model.self)>: the form does not show \(name); list it first")
        }
        change(&copy.fields[index])
        return copy
    }
}
