// MARK: - ChildRowCheck

/// Checks, once the database is migrated, each ``ChildSlot`` keyed by a row (its `table`): the
/// table must be an app table whose primary key is one column, or no change would ever mark a
/// child's row and its open pages would never hear of one.
enum ChildRowCheck {
    /// The problems of the slots of `components` (and of their children's types).
    static func problems(of components: [any Component.Type], in database: TesseraDatabase) -> [StartupProblem] {
        var problems: [StartupProblem] = []
        for component in components {
            for slot in component.children {
                guard let table = slot.rowTable, !database.marksRows(of: table) else { continue }
                problems.append(
                    StartupProblem(
                        file: nil, type: String(describing: component),
                        message: "declares ChildSlot(\"\(slot.name)\", table: \"\(table)\"), but '\(table)' is not a table of the app's "
                            + "whose primary key is one column"))
            }
        }
        return problems
    }
}
