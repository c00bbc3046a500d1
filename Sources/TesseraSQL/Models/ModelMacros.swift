// MARK: - @Model

/// Makes a struct an ``SQLModel``: a table whose columns are its stored properties.
///
/// ```swift
/// @Model(table: "klass")
/// struct Klass: Sendable {
///     var id: Int64
///     @Column(.unique) var title: String
///     @Column(.indexed) var level: Level = .beginner
///     var startsAt: Date
///     var capacity: Int = 12
///     @Column(references: Instructor.self, onDelete: .setNull) var instructorID: Int64?
/// }
/// ```
///
/// Each stored property is a column of the same name, in order, of the kind its type says
/// (``SQLColumnValue``; an optional is nullable); a literal initial value is the column's
/// default. The primary key is the property marked `@Column(.primaryKey)` or
/// `@Column(.autoIncrement)` (its type written out), else `id`, numbered by the database. The
/// table is `table`, by default the type's name in lower case. The macro writes, in an
/// extension: ``SQLRecord/columnNames`` and ``SQLRecord/init(row:)`` (as ``SQLRecord()``), the
/// ``SQLModel/schema``, the values to bind, the key path of each column, and the primary key.
@attached(
    extension, conformances: SQLModel, SQLRecord,
    names: named(columnNames), named(init(row:)), named(PrimaryKey), named(tableName), named(primaryKeyColumn), named(schema),
    named(columnName(for:)), named(primaryKey), named(columnValues), named(modelFields))
public macro Model(table: String? = nil) = #externalMacro(module: "TesseraMacros", type: "ModelMacro")

// MARK: - @Column

/// Says what a ``Model(table:)`` column is beyond its type: `@Column(.unique)`,
/// `@Column(.indexed)`, `@Column(.primaryKey)`, `@Column(.autoIncrement)`, and the checks every
/// ``Changeset`` of the record makes: `@Column(.length(min: 2, max: 80))`, `@Column(.range(1...40))`,
/// `@Column(.format(.email))`, `@Column(.allowsEmpty)` (``ColumnOption``). A text check on a
/// property that is not a `String`, a range on one that is not a number, or a backwards length
/// does not compile. A mark adds nothing itself; `@Model` reads it.
@attached(peer)
public macro Column(_ options: ColumnOption...) = #externalMacro(module: "TesseraMacros", type: "ColumnMark")

/// Marks a ``Model(table:)`` column that refers to `model`'s primary key (a foreign key), with
/// what deleting the referenced row does, and options as ``Column(_:)`` takes them:
/// `@Column(references: Instructor.self, .indexed) var instructorID: Int64?`.
@attached(peer)
public macro Column(references model: any SQLModel.Type, onDelete: ColumnReference.DeleteAction = .restrict, _ options: ColumnOption...) =
    #externalMacro(module: "TesseraMacros", type: "ColumnMark")
