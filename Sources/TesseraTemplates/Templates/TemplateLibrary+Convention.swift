// MARK: - Templates by convention

extension TemplateLibrary {
    /// Where a type's template is, or why it cannot be found.
    public enum TypeTemplate: Equatable, Sendable {
        /// The template's name.
        case found(String)
        /// No template is named like the type (or the override names none that exists).
        case missing(expected: String)
        /// Several templates are named like the type: their names.
        case ambiguous([String])
    }

    /// The template of `type`: `declared` when the type overrides its template, else the one
    /// file under `Views/` named like the type (`Views/**/<TypeName>.mustache`).
    public func template(of type: Any.Type, declared: String?) -> TypeTemplate {
        if let declared { return contains(declared) ? .found(declared) : .missing(expected: declared) }
        let typeName = Self.typeName(type)
        let candidates = namesByTypeName[typeName] ?? []
        switch candidates.count {
        case 1: return .found(candidates[0])
        case 0: return .missing(expected: "**/" + typeName)
        default: return .ambiguous(candidates)
        }
    }

    /// The compiled template of `type` (see ``template(of:declared:)``): for the app's own
    /// scenes, components and cells, found when the app was checked; for another type, looked up
    /// now. Nil when there is none (start-up reports that before serving where one is required).
    public func compiledTemplate(of type: Any.Type, declared: String?) -> Template? {
        if let known = typeTemplates[ObjectIdentifier(type)] { return known }
        guard case .found(let name) = template(of: type, declared: declared) else { return nil }
        return templates[name]
    }

    /// A type's name as the convention uses it: without module or generic arguments
    /// (`SectionedDataSource<StandardSection>` is `SectionedDataSource`), the innermost of nested types.
    static func typeName(_ type: Any.Type) -> String {
        var name = String(describing: type)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        return name.split(separator: ".").last.map(String.init) ?? name
    }
}
