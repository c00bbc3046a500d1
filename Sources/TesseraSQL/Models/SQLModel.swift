// MARK: - SQLModel

/// A record that is a table: its stored properties are the columns, and from them come its
/// DDL, typed queries, writes and associations. Declare one with ``Model(table:)``:
///
/// ```swift
/// @Model(table: "klass")
/// struct Klass: Sendable {
///     var id: Int64
///     var title: String
///     @Column(.indexed) var level: Level
///     var startsAt: Date
///     @Column(references: Instructor.self) var instructorID: Int64?
/// }
///
/// let next = try await Klass.filter(\.level == .beginner).order(by: \.startsAt).limit(20).all(in: db)
/// ```
///
/// Every statement runs through ``SQLConnection``, so it is counted, its tables noted for
/// reuse and live pages, and read in the request's snapshot like any other.
public protocol SQLModel: SQLRecord, Sendable {
    /// The primary key's Swift type.
    associatedtype PrimaryKey: SQLColumnValue & Hashable & Sendable

    /// The table's name.
    static var tableName: String { get }
    /// The primary key's column.
    static var primaryKeyColumn: String { get }
    /// The table: columns, kinds, key, indexes and references.
    static var schema: TableSchema { get }
    /// The column a key path names; nil for a property that is no column.
    static func columnName(for keyPath: PartialKeyPath<Self>) -> String?

    /// The primary key's value.
    var primaryKey: PrimaryKey { get }
    /// The values of ``SQLRecord/columnNames``, in order, as bound.
    var columnValues: [SQLValue] { get }

    /// Every column as checks and forms see it, in order (``ModelField``).
    static var modelFields: [ModelField<Self>] { get }

    /// The checks Swift says beyond the columns' options, run by every ``Changeset`` after
    /// them: add a problem to `problems` for each thing wrong with `record`. Default: none.
    ///
    /// ```swift
    /// static func check(_ klass: Klass, into problems: inout ModelProblems<Klass>) {
    ///     if klass.booked > klass.capacity { problems.add(\.capacity, "Make room for the \(klass.booked) booked.") }
    /// }
    /// ```
    static func check(_ record: Self, into problems: inout ModelProblems<Self>)
}

extension SQLModel {
    /// No checks beyond the columns'.
    public static func check(_ record: Self, into problems: inout ModelProblems<Self>) {}

    /// The field of column `name`, or nil.
    package static func modelField(_ name: String) -> ModelField<Self>? {
        modelFields.first { $0.name == name }
    }

    /// The field of `keyPath`'s property; stops the program for a property that is no column.
    package static func modelField(_ keyPath: PartialKeyPath<Self>) -> ModelField<Self> {
        guard let field = modelFields.first(where: { $0.keyPath == keyPath }) else {
            preconditionFailure("\(Self.self): the key path \(keyPath) names no column of \(tableName)")
        }
        return field
    }

    /// What the columns' checks and ``check(_:into:)`` find wrong with the record; empty when
    /// it may be written.
    package var problems: ModelProblems<Self> {
        var problems = ModelProblems<Self>()
        for field in Self.modelFields {
            if let problem = field.problem(in: self) { problems.add(field.name, problem) }
        }
        Self.check(self, into: &problems)
        return problems
    }
}

extension SQLModel {
    /// The column `keyPath` names; stops the program for a property that is no column (a
    /// computed one), which no query can name.
    static func column(_ keyPath: PartialKeyPath<Self>) -> String {
        guard let name = columnName(for: keyPath) else {
            preconditionFailure("\(Self.self): the key path \(keyPath) names no column of \(tableName)")
        }
        return name
    }

    /// `keyPath`'s column, quoted: `"startsat"`.
    static func quotedColumn(_ keyPath: PartialKeyPath<Self>) -> String {
        SQLDialect.quote(column(keyPath))
    }

    /// The table's name, quoted.
    static var quotedTable: String { SQLDialect.quote(tableName) }
}
