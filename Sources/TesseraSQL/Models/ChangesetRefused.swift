// MARK: - ChangesetRefused

/// A changeset that was not saved: something is wrong with it (``Changeset/problems``), found
/// by its checks or by the database (a unique column's clash). Catch it outside the write's
/// transaction, which it rolled back, and show the form again with
/// ``changes``:
///
/// ```swift
/// do {
///     let klass = try await scope.database.write { db in try await changes.insert(in: db) }
///     return .redirect(to: "/classes/\(klass.id)")
/// } catch let refused as ChangesetRefused<Klass> {
///     return .invalid(model(refused.changes))
/// }
/// ```
public struct ChangesetRefused<Model: SQLModel>: Error, Sendable, CustomStringConvertible {
    /// The changeset, its problems said.
    public let changes: Changeset<Model>

    /// The refusal of `changes`.
    package init(_ changes: Changeset<Model>) {
        self.changes = changes
    }

    public var description: String {
        let fields = changes.problems.fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "\(Model.self) not saved: " + (fields + [changes.problems.message].compactMap { $0 }).joined(separator: "; ")
    }
}
