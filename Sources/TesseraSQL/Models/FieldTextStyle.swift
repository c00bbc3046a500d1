import Foundation

// MARK: - FieldTextStyle

/// How a column's value is written as a form field's text and read back from it: the time zone
/// dates and times are shown and typed in (they are stored in UTC).
public struct FieldTextStyle: Sendable, Equatable {
    /// The zone a `datetime-local` field's text is in.
    package var timeZone: TimeZone

    /// Text in `timeZone`.
    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// Text in UTC.
    package static let utc = FieldTextStyle(timeZone: TimeZone(identifier: "UTC")!)
}

// MARK: - FieldTextProblem

/// Why a field's text is not a value of its column's type: a sentence for the person.
public struct FieldTextProblem: Error, Sendable, Equatable {
    /// The sentence.
    package let message: String

    /// The problem `message` says.
    package init(_ message: String) {
        self.message = message
    }
}
