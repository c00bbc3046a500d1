import Foundation

// MARK: - Field text

extension SQLColumnValue {
    /// Refused: the type cannot be edited in a form.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Self, FieldTextProblem> {
        .failure(FieldTextProblem("This cannot be changed here."))
    }

    /// Empty.
    public func fieldText(style: FieldTextStyle) -> String { "" }

    /// None.
    public static var fieldCases: [String]? { nil }
}

extension Optional where Wrapped: SQLColumnValue {
    /// `nil` for empty text, else the wrapped type's value.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Self, FieldTextProblem> {
        if text.isEmpty { return .success(nil) }
        return Wrapped.fieldValue(text, style: style).map { $0 }
    }

    /// Empty for `nil`.
    public func fieldText(style: FieldTextStyle) -> String {
        map { $0.fieldText(style: style) } ?? ""
    }

    /// The wrapped type's.
    public static var fieldCases: [String]? { Wrapped.fieldCases }
}

// MARK: - Numbers

/// A whole number, or the problem "Fill this in." / "Enter a whole number".
private func wholeNumber<Number: FixedWidthInteger>(_ text: String, as type: Number.Type) -> Result<Number, FieldTextProblem> {
    if text.isEmpty { return .failure(FieldTextProblem("Fill this in.")) }
    guard let number = Number(text) else { return .failure(FieldTextProblem("Enter a whole number, such as 12.")) }
    return .success(number)
}

extension Int {
    /// A whole number.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Int, FieldTextProblem> { wholeNumber(text, as: Int.self) }
    /// The number in digits.
    public func fieldText(style: FieldTextStyle) -> String { String(self) }
}

extension Int64 {
    /// A whole number.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Int64, FieldTextProblem> { wholeNumber(text, as: Int64.self) }
    /// The number in digits.
    public func fieldText(style: FieldTextStyle) -> String { String(self) }
}

extension Int32 {
    /// A whole number.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Int32, FieldTextProblem> { wholeNumber(text, as: Int32.self) }
    /// The number in digits.
    public func fieldText(style: FieldTextStyle) -> String { String(self) }
}

extension Double {
    /// A finite number, such as `12.5`.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Double, FieldTextProblem> {
        if text.isEmpty { return .failure(FieldTextProblem("Fill this in.")) }
        guard let number = Double(text), number.isFinite else { return .failure(FieldTextProblem("Enter a number, such as 12.5.")) }
        return .success(number)
    }

    /// `12` for a whole number, `12.5` for another.
    public func fieldText(style: FieldTextStyle) -> String { ColumnChecks.words(self) }
}

// MARK: - Text, booleans, dates

extension String {
    /// The text itself (its checks are the column's: `ColumnChecks`).
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<String, FieldTextProblem> { .success(text) }
    /// The text itself.
    public func fieldText(style: FieldTextStyle) -> String { self }
}

extension Bool {
    /// A checkbox's: `on` (or `true`, `1`) is true, empty (or `false`, `0`, `off`) false.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Bool, FieldTextProblem> {
        switch text.lowercased() {
        case "on", "true", "1", "yes": .success(true)
        case "", "off", "false", "0", "no": .success(false)
        default: .failure(FieldTextProblem("Choose yes or no."))
        }
    }

    /// `true` or `false`.
    public func fieldText(style: FieldTextStyle) -> String { self ? "true" : "false" }
}

extension Date {
    /// A `datetime-local` field's text in the style's time zone (`LocalDateTime`).
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Date, FieldTextProblem> {
        if text.isEmpty { return .failure(FieldTextProblem("Fill this in.")) }
        return LocalDateTime.date(text, in: style.timeZone)
    }

    /// `2026-12-07T17:05` in the style's time zone.
    public func fieldText(style: FieldTextStyle) -> String { LocalDateTime.text(self, in: style.timeZone) }
}

// MARK: - Enums

extension SQLColumnValue where Self: RawRepresentable, RawValue: SQLColumnValue {
    /// The case whose raw value `text` is; any other text is a problem.
    public static func fieldValue(_ text: String, style: FieldTextStyle) -> Result<Self, FieldTextProblem> {
        if text.isEmpty { return .failure(FieldTextProblem("Choose one.")) }
        guard case .success(let raw) = RawValue.fieldValue(text, style: style), let value = Self(rawValue: raw) else {
            return .failure(FieldTextProblem("Choose one of the choices offered."))
        }
        return .success(value)
    }

    /// The raw value's text.
    public func fieldText(style: FieldTextStyle) -> String { rawValue.fieldText(style: style) }
}

extension SQLColumnValue where Self: RawRepresentable & CaseIterable, RawValue: SQLColumnValue {
    /// Every case's raw value, in order.
    public static var fieldCases: [String]? { allCases.map { $0.rawValue.fieldText(style: .utc) } }
}
