// MARK: - ModelField

/// One column of a ``SQLModel`` as its checks and forms see it: its schema, options, checks,
/// and how its value is read, written as text and parsed back, whatever its Swift type.
/// `@Model` writes one per stored property (``SQLModel/modelFields``).
public struct ModelField<Model: SQLModel>: @unchecked Sendable {
    /// The column: name, kind, nullability, uniqueness, reference, default.
    public let column: ColumnSchema
    /// The options `@Column(…)` gave it.
    package let options: [ColumnOption]
    /// What its options ask of a value.
    package let checks: ColumnChecks
    /// The property's key path.
    package let keyPath: PartialKeyPath<Model>
    /// Whether a changeset may set it from text (a `var` of a type a form can edit).
    package let isEditable: Bool
    /// The raw values of an enum's cases, in order; nil for other types.
    package let cases: [String]?
    /// The property's type, without its `Optional` (`Level` for `Level?`): a form may ask it
    /// for its cases' labels.
    package let valueType: Any.Type

    private let read: (Model) -> SQLValue
    private let write: (Model, FieldTextStyle) -> String
    private var parse: (inout Model, String, FieldTextStyle) -> FieldTextProblem?

    /// The column's name (the property's).
    package var name: String { column.name }

    // MARK: - Making

    /// The field of `keyPath`'s property, a column called `name` with `options`, a reference and a
    /// default (what `@Model` writes for a `var`).
    public init<Value: SQLColumnValue>(
        _ keyPath: WritableKeyPath<Model, Value>, _ name: String, _ options: ColumnOption..., references: ColumnReference? = nil,
        default defaultValue: Value? = nil
    ) {
        self.init(keyPath, name, options, references: references, default: defaultValue, editable: Value.columnKind != .bytes)
        let path = keyPath
        parse = { record, text, style in
            switch Value.fieldValue(text, style: style) {
            case .success(let value):
                record[keyPath: path] = value
                return nil
            case .failure(let problem):
                return problem
            }
        }
    }

    /// The field of a `let` property, which a changeset never sets.
    public init<Value: SQLColumnValue>(
        readOnly keyPath: KeyPath<Model, Value>, _ name: String, _ options: ColumnOption..., references: ColumnReference? = nil,
        default defaultValue: Value? = nil
    ) {
        self.init(keyPath, name, options, references: references, default: defaultValue, editable: false)
    }

    private init<Value: SQLColumnValue>(
        _ keyPath: KeyPath<Model, Value>, _ name: String, _ options: [ColumnOption], references: ColumnReference?, default defaultValue: Value?,
        editable: Bool
    ) {
        column = ColumnSchema(
            name, Value.columnKind, nullable: Value.isNullable, unique: options.contains(.unique), indexed: options.contains(.indexed),
            references: references, default: defaultValue?.sqlValue)
        self.options = options
        checks = ColumnChecks(options, kind: Value.columnKind, nullable: Value.isNullable)
        self.keyPath = keyPath
        isEditable = editable
        cases = Value.fieldCases
        valueType = (Value.self as? any OptionalColumn.Type)?.wrappedType ?? Value.self
        read = { $0[keyPath: keyPath].sqlValue }
        write = { record, style in record[keyPath: keyPath].fieldText(style: style) }
        parse = { _, _, _ in FieldTextProblem("This cannot be changed here.") }
    }

    // MARK: - Values

    /// The record's value, as bound.
    package func value(of record: Model) -> SQLValue { read(record) }

    /// The record's value as a form field holds it, in `style`.
    package func text(of record: Model, style: FieldTextStyle) -> String { write(record, style) }

    /// Sets the record's value from a field's `text`, read in `style`; the problem when `text`
    /// is no value of the column's type (the record is left as it was).
    package func set(_ text: String, on record: inout Model, style: FieldTextStyle) -> FieldTextProblem? {
        parse(&record, text, style)
    }

    /// The problem the column's checks find with the record's value, or nil.
    package func problem(in record: Model) -> String? {
        checks.problem(with: read(record))
    }
}

// MARK: - OptionalColumn

/// An `Optional` column type, asked for the type it wraps.
private protocol OptionalColumn {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalColumn {
    static var wrappedType: Any.Type { Wrapped.self }
}
