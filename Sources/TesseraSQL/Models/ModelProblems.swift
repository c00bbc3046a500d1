// MARK: - ModelProblems

/// What is wrong with a record, as sentences for a person: at most one per column (the first
/// found), keyed by the column's name or the property's key path, and one about the whole record.
///
/// ```swift
/// problems.add(\.capacity, "Make room for the 12 booked.")
/// problems[\.title]      // "Fill this in.", or nil
/// ```
public struct ModelProblems<Model: SQLModel>: Sendable, Equatable {
    /// Each column's problem, by column name.
    package private(set) var fields: [String: String] = [:]
    /// A problem no one column owns, or nil.
    package var message: String?

    /// No problems.
    package init() {}

    // MARK: - Reading and writing

    /// Column `name`'s problem, or nil; setting replaces it (nil clears it).
    package subscript(name: String) -> String? {
        get { fields[name] }
        set { fields[name] = newValue }
    }

    /// The problem of `keyPath`'s column, or nil; setting replaces it (nil clears it).
    package subscript(keyPath: PartialKeyPath<Model>) -> String? {
        get { fields[Model.column(keyPath)] }
        set { fields[Model.column(keyPath)] = newValue }
    }

    /// Adds `message` as column `name`'s problem unless it has one already (the first found is
    /// the one shown).
    package mutating func add(_ name: String, _ message: String) {
        if fields[name] == nil { fields[name] = message }
    }

    /// Adds `message` as `keyPath`'s column's problem unless it has one already.
    package mutating func add(_ keyPath: PartialKeyPath<Model>, _ message: String) {
        add(Model.column(keyPath), message)
    }

    /// Whether nothing is wrong: no column's problem and no ``message``.
    package var isEmpty: Bool { fields.isEmpty && message == nil }
}
