// MARK: - ColumnSchema

/// One column of a ``TableSchema``: its name, kind, nullability, uniqueness, index and
/// reference. `@Model` writes these from the stored properties; a written migration spells
/// them out, so it keeps the schema of its day.
public struct ColumnSchema: Sendable, Equatable {
    /// The column's name, as the property's.
    package var name: String
    /// What it holds.
    package var kind: ColumnKind
    /// Whether it may hold `NULL`.
    package var isNullable: Bool
    /// Whether its values are unique (a unique index).
    package var isUnique: Bool
    /// Whether it has an index.
    package var isIndexed: Bool
    /// The primary key it refers to, if any.
    package var references: ColumnReference?
    /// The value a row gets when an insert does not give one (and rows already there, when the
    /// column is added); nil for none.
    package var defaultValue: SQLValue?

    /// A column spelled out (as a written migration does).
    public init(
        _ name: String, _ kind: ColumnKind, nullable: Bool = false, unique: Bool = false, indexed: Bool = false,
        references: ColumnReference? = nil, default defaultValue: SQLValue? = nil
    ) {
        self.name = name
        self.kind = kind
        self.isNullable = nullable
        self.isUnique = unique
        self.isIndexed = indexed
        self.references = references
        self.defaultValue = defaultValue
    }

    /// The column of `keyPath`'s property, its kind and nullability from the property's type
    /// (what `@Model` writes).
    package init<Model, Value: SQLColumnValue>(
        _ keyPath: KeyPath<Model, Value>, _ name: String, _ options: ColumnOption..., references: ColumnReference? = nil,
        default defaultValue: Value? = nil
    ) {
        self.init(
            name, Value.columnKind, nullable: Value.isNullable, unique: options.contains(.unique), indexed: options.contains(.indexed),
            references: references, default: defaultValue?.sqlValue)
    }
}
