// MARK: - TemplateValue

/// A value a template can interpolate, test in a section, or iterate.
///
/// View models hand templates *ready* values: strings are always escaped for the place they are
/// written (text, quoted attribute, URL attribute), and only ``HTML`` / ``HTMLFragment`` values —
/// markup Tessera itself produced — are ever written unescaped.
///
/// Truthiness in sections: `.null`, `.bool(false)`, `.string("")` and an empty `.list` are
/// false; everything else is true.
public enum TemplateValue {
    /// Text from a model or a user. Escaped for its context, even inside `{{{…}}}`.
    case string(String)
    /// An integer, written in decimal.
    case int(Int)
    /// A boolean; interpolates as `true`/`false`, mostly used to toggle sections.
    case bool(Bool)
    /// Markup that Tessera rendered (a component, a cell, a layout's content).
    case html(HTML)
    /// Markup written lazily straight into the output (a data source, a component).
    case fragment(any HTMLFragment)
    /// A nested view model: sections push it as the new context.
    case object(any ViewModel)
    /// A list: sections render once per element.
    case list([TemplateValue])
    /// Nothing: interpolates as an empty string and is false in sections.
    case null

    /// Whether a section renders (and an inverted section does not) for this value.
    @inlinable
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .string(let text): return !text.isEmpty
        case .list(let items): return !items.isEmpty
        default: return true
        }
    }
}

// MARK: - Literals

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral
{
    /// A `.string` from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An `.int` from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A `.bool` from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.null`.
    public init(nilLiteral: ()) { self = .null }
}

// MARK: - Conveniences

extension TemplateValue {
    /// `.string(text)`, or `.null` when `text` is nil.
    public static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.string) ?? .null
    }

    /// A list of view models.
    public static func list<Models: Sequence>(_ models: Models) -> TemplateValue where Models.Element: ViewModel {
        .list(models.map { .object($0) })
    }
}
