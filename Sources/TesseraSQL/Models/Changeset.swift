// MARK: - Changeset

/// A record being changed: the record it started from, the text each field was given (to
/// show again), the record with the values that text holds, which columns changed, and each
/// column's problem. A form's post becomes one in one call (`scope.form.changes(to:)` in
/// Tessera); so does a change made in Swift. Saving it (`insert(in:)`, ``update(in:)``) writes
/// the record only when nothing is wrong, and turns a unique column's clash in the database
/// into that column's problem.
///
/// ```swift
/// var changes = Changeset(Klass(id: 0, title: "", startsAt: .now, price: 10))
/// changes.take(["title": "Yoga", "capacity": "abc"])
/// changes.problems[\.capacity]   // "Enter a whole number, such as 12."
/// changes.text(of: "capacity")   // "abc", as typed
/// ```
public struct Changeset<Model: SQLModel>: Sendable {
    /// The record as it was before the change (a new one's starting values, for an insert).
    package let base: Model
    /// The record with every value read so far; a field whose text could not be read keeps its
    /// ``base`` value.
    package private(set) var record: Model
    /// Each field's text as given, by column (what a form shows again).
    package private(set) var input: [String: String] = [:]
    /// What is wrong, by column; empty when the record may be written.
    package var problems = ModelProblems<Model>()
    /// How dates and times are read and shown.
    package let style: FieldTextStyle
    /// The problems found in the text itself, or said by ``refuse(_:_:)``: kept by every check.
    private var refusals: [String: String] = [:]

    /// A change of `base`, nothing changed yet, read and shown in `style` (default UTC).
    package init(_ base: Model, style: FieldTextStyle = .utc) {
        self.base = base
        record = base
        self.style = style
    }

    // MARK: - Changing

    /// Reads each field of `input` (column name and text) into the record, keeping the text;
    /// a text no value of its column's type (a number field given "abc"), or a column not
    /// editable, is that column's problem. Then runs every check (``check()``).
    package mutating func take(_ input: [String: String]) {
        for (name, text) in input {
            self.input[name] = text
            guard let field = Model.modelField(name) else { continue }
            refusals[name] = nil
            if !field.isEditable {
                refusals[name] = "This cannot be changed here."
            } else if let problem = field.set(text, on: &record, style: style) {
                refusals[name] = problem.message
            }
        }
        check()
    }

    /// Makes `message` column `name`'s problem, whatever the checks say, until the column is
    /// given again (a form's own check of the text, a clash the database found).
    package mutating func refuse(_ name: String, _ message: String) {
        refusals[name] = message
        problems[name] = message
    }

    /// Sets `keyPath`'s value (and forgets any text given for it), then runs every check.
    package mutating func set<Value: SQLColumnValue>(_ keyPath: WritableKeyPath<Model, Value>, _ value: Value) {
        let name = Model.column(keyPath)
        record[keyPath: keyPath] = value
        input[name] = nil
        refusals[name] = nil
        check()
    }

    /// Runs the columns' checks and the model's ``SQLModel/check(_:into:)`` on the record again;
    /// a column whose text could not be read (or that was refused) keeps that problem first.
    package mutating func check() {
        let found = record.problems
        var problems = ModelProblems<Model>()
        for (name, message) in refusals { problems[name] = message }
        for (name, message) in found.fields { problems.add(name, message) }
        problems.message = found.message
        self.problems = problems
    }

    // MARK: - Reading

    /// Whether nothing is wrong.
    package var isValid: Bool { problems.isEmpty }

    /// The text of column `name` a form shows: as given, else the record's value in words.
    package func text(of name: String) -> String {
        if let typed = input[name] { return typed }
        return Model.modelField(name)?.text(of: record, style: style) ?? ""
    }

    /// The columns whose value differs from ``base``'s, in the model's order.
    package var changedColumns: [String] {
        Model.modelFields.filter { $0.value(of: record) != $0.value(of: base) }.map(\.name)
    }

    /// Whether `keyPath`'s value differs from ``base``'s.
    package func hasChanged(_ keyPath: PartialKeyPath<Model>) -> Bool {
        changedColumns.contains(Model.column(keyPath))
    }
}
