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
