// MARK: - BelongsTo

/// A record's reference to another: a class's instructor, through `instructorID`. Declared
/// once on the model, loaded for a whole list in one statement:
///
/// ```swift
/// extension Klass {
///     static let instructor = BelongsTo<Klass, Instructor>(\.instructorID)
/// }
/// let classes = try await Klass.order(by: \.startsAt).limit(50).all(in: db)
/// let instructors = try await Klass.instructor.load(for: classes, in: db)   // 2 statements in all
/// let name = classes[0].instructorID.flatMap { instructors[$0]?.name }
/// ```
public struct BelongsTo<Child: SQLModel, Parent: SQLModel>: Sendable {
    /// The parent's key in a child, if it has one.
    let key: @Sendable (Child) -> Parent.PrimaryKey?

    /// The parent whose primary key `foreignKey` holds.
    public init(_ foreignKey: KeyPath<Child, Parent.PrimaryKey> & Sendable) {
        key = { $0[keyPath: foreignKey] }
    }

    /// The parent whose primary key `foreignKey` holds, when it holds one.
    public init(_ foreignKey: KeyPath<Child, Parent.PrimaryKey?> & Sendable) {
        key = { $0[keyPath: foreignKey] }
    }

    /// The parents of `children`, by primary key, in one statement (none for no key).
    public func load(for children: [Child], in db: SQLConnection) async throws -> [Parent.PrimaryKey: Parent] {
        let keys = AssociationKeys.distinct(children.compactMap(key))
        guard !keys.isEmpty else { return [:] }
        let parents = try await Parent.query.filter(AssociationKeys.matching(Parent.primaryKeyColumn, keys)).all(in: db)
        return Dictionary(parents.map { ($0.primaryKey, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

// MARK: - AssociationKeys

/// The keys an association loads by.
enum AssociationKeys {
    /// `keys` without repeats, in their first order.
    static func distinct<Key: Hashable>(_ keys: [Key]) -> [Key] {
        var seen = Set<Key>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// `column IN (…keys)`.
    static func matching<Model: SQLModel, Key: SQLValueConvertible>(_ column: String, _ keys: [Key]) -> SQLPredicate<Model> {
        var arguments = SQLArguments([])
        let marks = arguments.appendList(keys)
        return SQLPredicate(SQLDialect.quote(column) + " IN (" + marks + ")", arguments.values)
    }
}
