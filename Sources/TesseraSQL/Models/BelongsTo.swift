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
package struct BelongsTo<Child: SQLModel, Parent: SQLModel>: Sendable {
    /// The parent's key in a child, if it has one.
    let key: @Sendable (Child) -> Parent.PrimaryKey?

    /// The parent whose primary key `foreignKey` holds.
    package init(_ foreignKey: KeyPath<Child, Parent.PrimaryKey> & Sendable) {
        key = { $0[keyPath: foreignKey] }
    }

    /// The parent whose primary key `foreignKey` holds, when it holds one.
    package init(_ foreignKey: KeyPath<Child, Parent.PrimaryKey?> & Sendable) {
        key = { $0[keyPath: foreignKey] }
    }

    /// The parents of `children`, by primary key, in one statement (none for no key).
    package func load(for children: [Child], in db: SQLConnection) async throws -> [Parent.PrimaryKey: Parent] {
        let keys = AssociationKeys.distinct(children.compactMap(key))
        guard !keys.isEmpty else { return [:] }
        let parents = try await Parent.query.filter(AssociationKeys.matching(Parent.primaryKeyColumn, keys)).all(in: db)
        return Dictionary(parents.map { ($0.primaryKey, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
