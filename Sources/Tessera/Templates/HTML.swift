// MARK: - HTML

/// Markup that Tessera rendered, safe to write unescaped.
///
/// There is no public way to make one from an arbitrary string: values only come out of
/// Tessera's renderers (templates, components, data sources). That is what keeps a model's raw
/// string from ever becoming markup.
public struct HTML: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-8 bytes of the markup.
    public let bytes: [UInt8]

    /// Wraps bytes a Tessera renderer produced. Internal on purpose.
    init(rendered bytes: [UInt8]) { self.bytes = bytes }

    /// The empty fragment.
    public static let empty = HTML(rendered: [])

    /// The markup as a `String` (for tests and logs).
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}

// MARK: - HTMLFragment

/// Markup that writes itself into the output when it is interpolated.
///
/// Data sources and components are fragments: instead of rendering to a string that a
/// template then copies, they append their bytes straight into the page's writer.
public protocol HTMLFragment {
    /// Appends this fragment's markup to `writer`, using `renderer` for templates.
    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer)
}
