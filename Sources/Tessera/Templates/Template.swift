// MARK: - Template

/// One compiled template: the render program of a `Views/…mustache` file.
public struct Template: Sendable {
    /// The template's name: its path under `Views/` without the extension (`Users/BlogList`).
    public let name: String
    /// The program.
    let nodes: [TemplateNode]
}
