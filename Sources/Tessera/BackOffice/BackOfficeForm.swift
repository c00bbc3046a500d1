// MARK: - BackOfficeForm

/// A record's form, drawn from its schema: what each field holds (as typed, or as the record
/// has it), the values it makes, and a message per field it refuses.
struct BackOfficeForm: Sendable {
    /// The columns it fills, in the schema's order.
    let columns: [ColumnSchema]
    /// Each field's text, by column: as typed, or the record's value in words.
    private(set) var typed: [String: String] = [:]
    /// The values to store, in ``columns``' order; complete only when ``errors`` is empty.
    private(set) var values: [(String, SQLValue)] = []
    /// What is wrong with each refused field, by column.
    var errors: [String: String] = [:]

    /// Longest text kept in one field.
    static let maxText = 5_000

    /// The columns a form for `entry` fills: on a new record, all ``BackOfficeEntry/editableColumns``;
    /// on an existing one, all but its key.
    static func columns(of entry: BackOfficeEntry, creating: Bool) -> [ColumnSchema] {
        entry.editableColumns.filter { creating || $0.name != entry.schema.primaryKey }
    }

    /// An empty form for a new record (each column's default, when it has one), or `record`'s.
    init(_ entry: BackOfficeEntry, record: BackOfficeRecord?) {
        columns = Self.columns(of: entry, creating: record == nil)
        for column in columns {
            let value = record?[column.name] ?? column.defaultValue ?? .null
            typed[column.name] = column.kind == .boolean && column.references == nil && !column.isNullable
                ? (value == .bool(true) || value == .integer(1) ? "on" : "") : BackOfficeValues.field(value)
        }
    }

    /// The form as `form` was sent, each field checked against its column's kind.
    init(_ entry: BackOfficeEntry, creating: Bool, form: Parameters) {
        columns = Self.columns(of: entry, creating: creating)
        for column in columns {
            let raw = form[column.name] ?? ""
            typed[column.name] = raw
            switch Self.value(of: raw, for: column, checks: entry.checks[column.name], cases: entry.cases[column.name]) {
            case .success(let value): values.append((column.name, value))
            case .failure(let problem): errors[column.name] = problem.message
            }
        }
    }

    // MARK: - Checking

    /// Why a field is refused.
    struct Problem: Error {
        let message: String
    }

    /// What `raw` stores in `column`, or why it cannot: read as the column's kind, then held to
    /// the model's `checks` and an enum's `cases`.
    static func value(of raw: String, for column: ColumnSchema, checks: ColumnChecks? = nil, cases: [String]? = nil)
        -> Result<SQLValue, Problem>
    {
        let read = kindValue(of: raw, for: column)
        guard case .success(let value) = read else { return read }
        if let cases, case .text(let text) = value, !cases.contains(text) {
            return .failure(Problem(message: "Choose one of the choices offered."))
        }
        if let problem = checks?.problem(with: value) { return .failure(Problem(message: problem)) }
        return read
    }

    /// What `raw` stores in `column` by its kind alone, or why it cannot.
    private static func kindValue(of raw: String, for column: ColumnSchema) -> Result<SQLValue, Problem> {
        if column.kind == .boolean, column.references == nil, !column.isNullable { return .success(.bool(!raw.isEmpty)) }
        let checked = TextField(column.name, maxScalars: maxText, lines: .multiple).check(raw)
        if let problem = checked.problem { return .failure(Problem(message: problem)) }
        let text = checked.value
        if text.isEmpty {
            if column.isNullable { return .success(.null) }
            if column.kind == .text, column.references == nil { return .success(.text("")) }
            return .failure(Problem(message: column.references == nil ? "Fill this in." : "Choose one."))
        }
        switch column.kind {
        case .text:
            return .success(.text(text))
        case .integer:
            guard let number = Int64(text) else { return .failure(Problem(message: "Enter a whole number, such as 12.")) }
            return .success(.integer(number))
        case .real:
            guard let number = Double(text), number.isFinite else { return .failure(Problem(message: "Enter a number, such as 12.5.")) }
            return .success(.real(number))
        case .boolean:
            switch text {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(Problem(message: "Choose yes or no."))
            }
        case .timestamp:
            guard let date = BackOfficeValues.date(text) else {
                return .failure(Problem(message: "Enter a date and time, such as 2026-12-07T17:05 (UTC)."))
            }
            return .success(.date(date))
        case .bytes:
            return .failure(Problem(message: "This cannot be changed here."))
        }
    }

    // MARK: - Fields

    /// The fields, holding ``typed`` and showing ``errors``; a reference column's a select among
    /// `choices` (its table's rows, by column), an enum column's a select of `cases`.
    func fields(choices: [String: [(key: String, title: String)]], cases: [String: [String]] = [:]) -> [FormField] {
        columns.map { column in
            let label = BackOfficeLabels.label(of: column)
            let text = typed[column.name] ?? ""
            let error = errors[column.name]
            let prefix = "record-"
            if let reference = column.references {
                let options = (choices[column.name] ?? []).map { FormChoice($0.key, label: $0.title) }
                return FormField.select(
                    column.name, label: label, choices: options, selected: text, prompt: column.isNullable ? "None" : "Choose…",
                    error: error, hint: "A row of \(reference.table).", required: !column.isNullable, idPrefix: prefix)
            }
            if let values = cases[column.name] {
                let options = values.map { FormChoice($0, label: BackOfficeLabels.words($0, capitalized: true)) }
                return FormField.select(
                    column.name, label: label, choices: options, selected: text, prompt: column.isNullable ? "None" : "Choose…",
                    error: error, required: !column.isNullable, idPrefix: prefix)
            }
            let field = TextField(column.name, maxScalars: Self.maxText, lines: .multiple)
            let required = !column.isNullable
            switch column.kind {
            case .boolean where column.isNullable:
                return FormField.select(
                    column.name, label: label, choices: [FormChoice("true", label: "Yes"), FormChoice("false", label: "No")], selected: text,
                    prompt: "Not set", error: error, required: false, idPrefix: prefix)
            case .boolean:
                return FormField.checkbox(column.name, label: label, checked: !text.isEmpty, error: error, idPrefix: prefix)
            case .integer:
                return FormField(field, label: label, type: "number", value: text, error: error, required: required, idPrefix: prefix)
            case .real:
                return FormField(
                    field, label: label, value: text, error: error, hint: "A number, such as 12.5.", required: required, idPrefix: prefix)
            case .timestamp:
                return FormField(
                    field, label: label, type: "datetime-local", value: text, error: error, hint: "In UTC.", required: required,
                    idPrefix: prefix)
            case .text, .bytes:
                return FormField(field, label: label, value: text, error: error, required: required, idPrefix: prefix)
            }
        }
    }
}
