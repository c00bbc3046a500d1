// MARK: - BackOfficeEntry

/// One record type of the back office: its table's schema, the segment of its pages' addresses
/// and its names in words.
struct BackOfficeEntry: Sendable {
    /// The table, as the record type declares it.
    let schema: TableSchema
    /// Its pages' segment: the table's name (`/admin/klass`).
    let slug: String
    /// Its name in words, for headings ("Klass").
    let label: String
    /// What each column's options ask of its values (the model's checks), by column.
    let checks: [String: ColumnChecks]
    /// The raw values of each enum column's cases, by column.
    let cases: [String: [String]]

    /// The entry of `model`: its schema, and the checks and cases its fields declare.
    init<Model: SQLModel>(_ model: Model.Type) {
        self.init(
            schema: model.schema, checks: Dictionary(uniqueKeysWithValues: model.modelFields.map { ($0.name, $0.checks) }),
            cases: Dictionary(uniqueKeysWithValues: model.modelFields.compactMap { field in field.cases.map { (field.name, $0) } }))
    }

    init(schema: TableSchema, checks: [String: ColumnChecks] = [:], cases: [String: [String]] = [:]) {
        self.schema = schema
        slug = schema.name
        label = BackOfficeLabels.words(schema.name, capitalized: true)
        self.checks = checks
        self.cases = cases
    }

    // MARK: - Columns

    /// The primary key's column.
    var keyColumn: ColumnSchema? { schema.column(schema.primaryKey) }

    /// The columns its forms fill: all but a key the database numbers, and bytes.
    var editableColumns: [ColumnSchema] {
        schema.columns.filter { column in
            column.kind != .bytes && !(schema.generatesKey && column.name == schema.primaryKey)
        }
    }

    /// The text columns a search reads.
    var searchedColumns: [ColumnSchema] { schema.columns.filter { $0.kind == .text } }

    /// The boolean columns a list filters by value.
    var filteredColumns: [ColumnSchema] { schema.columns.filter { $0.kind == .boolean } }

    /// The other optional columns a list filters by whether they hold a value (bytes left out).
    var presenceColumns: [ColumnSchema] {
        schema.columns.filter { $0.isNullable && $0.kind != .boolean && $0.kind != .bytes && $0.name != schema.primaryKey }
    }

    /// The column naming a row in words: the first text column, or the key.
    var titleColumn: String { searchedColumns.first?.name ?? schema.primaryKey }

    /// The columns a list shows: the key and up to five others, bytes left out.
    var listedColumns: [ColumnSchema] {
        let key = schema.columns.filter { $0.name == schema.primaryKey }
        return key + schema.columns.filter { $0.name != schema.primaryKey && $0.kind != .bytes }.prefix(5)
    }

    /// Its key as typed in an address (`/admin/klass/12`) bound as the key column's kind, or nil
    /// when it cannot be one.
    func key(_ text: String) -> SQLValue? {
        switch keyColumn?.kind ?? .integer {
        case .integer: Int64(text).map { .integer($0) }
        case .text: text.isEmpty ? nil : .text(text)
        default: nil
        }
    }
}
