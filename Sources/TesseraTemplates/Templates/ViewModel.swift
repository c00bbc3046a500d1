// MARK: - ViewModel

/// What a template reads: a view model answers names with ready values.
///
/// Templates never reflect over a type (`Mirror` is not used while rendering); a view model
/// states each name it offers. Return `nil` for a name it does not know, so the lookup goes on
/// to the enclosing contexts (Mustache's context stack); return `.null` to stop it there.
///
/// ```swift
/// struct FortuneCellModel: ViewModel {
///     let id: Int, message: String
///     func value(forKey key: String) -> TemplateValue? {
///         switch key {
///         case "id": .int(id)
///         case "message": .string(message)
///         default: nil
///         }
///     }
/// }
/// ```
public protocol ViewModel {
    /// The value for `key`, or `nil` when this model does not define it.
    func value(forKey key: String) -> TemplateValue?
}

// MARK: - Dictionary view models

extension Dictionary: ViewModel where Key == String, Value == TemplateValue {
    /// The stored value for `key`; a dictionary is a quick view model for small templates.
    public func value(forKey key: String) -> TemplateValue? { self[key] }
}
