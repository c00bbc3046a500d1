// MARK: - FormChoice

/// One choice of a select, a radio group or a group of checkboxes (``FormField``): the value
/// sent and the label shown; the field it is placed in gives it its name, id and whether it is
/// chosen.
///
/// ```swift
/// enum Condition: String, FormChoosable {
///     case new, good, worn
///     var label: String { rawValue.capitalized }
/// }
/// FormField.radioGroup("condition", label: "Condition", choices: FormChoice.all(Condition.self), selected: "good")
/// ```
@TemplateModel
public struct FormChoice: Sendable, Equatable {
    /// The value sent when it is chosen.
    package let value: String
    /// What the person reads.
    package let label: String
    /// The control's name (its field's).
    package let name: String
    /// The control's id (its field's id, `-`, its place from 1), for its label.
    package let id: String
    /// `radio` or `checkbox` (in a group).
    package let type: String
    /// Whether it is the chosen one (selected, or checked).
    package let isChosen: Bool
    /// Whether choosing one of its group is required (radios).
    package let isRequired: Bool
    /// Whether its field has an error.
    package let isInvalid: Bool

    /// The choice sending `value`, labelled `label` (default the value).
    public init(_ value: String, label: String? = nil) {
        self.init(value: value, label: label ?? value, name: "", id: "", type: "", isChosen: false, isRequired: false, isInvalid: false)
    }

    private init(value: String, label: String, name: String, id: String, type: String, isChosen: Bool, isRequired: Bool, isInvalid: Bool) {
        self.value = value
        self.label = label
        self.name = name
        self.id = id
        self.type = type
        self.isChosen = isChosen
        self.isRequired = isRequired
        self.isInvalid = isInvalid
    }

    /// Every case of `type`, in order, by raw value and label.
    public static func all<Choice: FormChoosable>(_ type: Choice.Type) -> [FormChoice] {
        type.allCases.map { FormChoice($0.rawValue, label: $0.label) }
    }

    /// This choice placed in a field.
    func placed(name: String, id: String, type: String, chosen: Bool, required: Bool, invalid: Bool) -> FormChoice {
        FormChoice(value: value, label: label, name: name, id: id, type: type, isChosen: chosen, isRequired: required, isInvalid: invalid)
    }
}


// MARK: - FormChoosable

/// An enum whose cases are a form's choices: its raw values are sent, its labels shown
/// (``FormChoice/all(_:)``), and ``Parameters/choice(_:as:)`` reads one back.
public protocol FormChoosable: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// What the person reads for this case.
    var label: String { get }
}
