// MARK: - HTML

/// Markup that Tessera rendered, safe to write unescaped.
///
/// Values come out of Tessera's renderers (templates, components, data sources). That is what
/// keeps a model's raw string from ever becoming markup. The one way to turn a string into markup
/// is ``unsafeUnescaped(_:)``, named so that a search for `unsafe` finds every use.
public struct HTML: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-8 bytes of the markup.
    public let bytes: [UInt8]

    /// Wraps bytes a Tessera renderer produced. Internal on purpose.
    init(rendered bytes: [UInt8]) { self.bytes = bytes }

    /// Markup the app vouches for, written as is: **no escaping at all**.
    ///
    /// The escape hatch for markup that did not come from a template, such as the output of a
    /// Markdown renderer the app trusts. Everything in `markup` reaches the page unchanged, so a
    /// user's text passed here is a cross-site scripting hole: sanitize it first, or use a
    /// template. Prefer templates; there is no other way to write unescaped text.
    public static func unsafeUnescaped(_ markup: String) -> HTML { HTML(rendered: Array(markup.utf8)) }

    /// The markup as a `String` (for tests and logs).
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}

// MARK: - HTMLFragment

/// Markup that writes itself into the output when it is interpolated.
///
/// Data sources and components are fragments: instead of rendering to a string that a
/// template then copies, they append their bytes straight into the page's writer. An app's
/// own fragment can write escaped text (``HTMLWriter/writeEscaped(_:)-(String)``), numbers,
/// ``HTML`` and templates; raw bytes are Tessera's alone.
public protocol HTMLFragment {
    /// Appends this fragment's markup to `writer`, using `renderer` for templates.
    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer)
}
