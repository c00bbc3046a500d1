// MARK: - ColumnReference

/// A column's reference to another table's primary key: `REFERENCES "instructor" ("id")`.
public struct ColumnReference: Sendable, Equatable {
    /// What happens to the referring rows when the referenced one is deleted.
    public enum DeleteAction: String, Sendable, Equatable {
        /// Deleting the referenced row fails while rows refer to it (the databases' default).
        case restrict
        /// The referring rows are deleted with it.
        case cascade
        /// The referring rows' column becomes `NULL`.
        case setNull

        /// The `ON DELETE` clause, empty for the default.
        var clause: String {
            switch self {
            case .restrict: ""
            case .cascade: " ON DELETE CASCADE"
            case .setNull: " ON DELETE SET NULL"
            }
        }
    }

    /// The referenced table.
    package var table: String
    /// The referenced column (its primary key).
    package var column: String
    /// What deleting the referenced row does.
    package var onDelete: DeleteAction

    /// A reference to `column` of `table`.
    public init(table: String, column: String, onDelete: DeleteAction = .restrict) {
        self.table = table
        self.column = column
        self.onDelete = onDelete
    }

    /// A reference to `model`'s primary key.
    public init(_ model: any SQLModel.Type, onDelete: DeleteAction = .restrict) {
        self.init(table: model.tableName, column: model.primaryKeyColumn, onDelete: onDelete)
    }
}
