// MARK: - HasMany

/// The records that refer to one: an instructor's classes, through their `instructorID`.
/// Loaded for a whole list in one statement, in the order of the query it is given:
///
/// ```swift
/// extension Instructor {
///     static let classes = HasMany<Instructor, Klass>(\.instructorID, query: Klass.order(by: \.startsAt))
/// }
/// let classes = try await Instructor.classes.load(for: instructors, in: db)   // [id: [Klass]]
/// ```
package struct HasMany<Parent: SQLModel, Child: SQLModel>: Sendable {
    /// The child's column holding the parent's key.
    let column: String
    /// The parent's key in a child, if it has one.
    let key: @Sendable (Child) -> Parent.PrimaryKey?
    /// The children's query: their order and any further filter.
    let query: ModelQuery<Child>

    /// The children whose `foreignKey` holds the parent's primary key, as `query` (default
    /// all, in no given order) finds them.
    package init(_ foreignKey: KeyPath<Child, Parent.PrimaryKey> & Sendable, query: ModelQuery<Child> = Child.query) {
        column = Child.column(foreignKey)
        key = { $0[keyPath: foreignKey] }
        self.query = query
    }

    /// The children whose optional `foreignKey` holds the parent's primary key.
    package init(_ foreignKey: KeyPath<Child, Parent.PrimaryKey?> & Sendable, query: ModelQuery<Child> = Child.query) {
        column = Child.column(foreignKey)
        key = { $0[keyPath: foreignKey] }
        self.query = query
    }

    /// The children of each of `parents`, by the parent's primary key, in one statement (a
    /// parent with none is absent).
    package func load(for parents: [Parent], in db: SQLConnection) async throws -> [Parent.PrimaryKey: [Child]] {
        let keys = AssociationKeys.distinct(parents.map(\.primaryKey))
        guard !keys.isEmpty else { return [:] }
        let children = try await query.filter(AssociationKeys.matching(column, keys)).all(in: db)
        var grouped: [Parent.PrimaryKey: [Child]] = [:]
        for child in children {
            if let parent = key(child) { grouped[parent, default: []].append(child) }
        }
        return grouped
    }
}
