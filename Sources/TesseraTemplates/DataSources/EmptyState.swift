// MARK: - EmptyState

/// What a list or section shows when it has nothing to show.
///
/// Rendered with the template `Tessera/EmptyState` (built in; an app may override it with its
/// own `Views/Tessera/EmptyState.mustache`).
public struct EmptyState: HTMLFragment, ViewModel, Sendable {
    /// The sentence shown, e.g. "No drafts yet."
    public var message: String
    /// An optional link to act on it ("Write one"), with its label.
    public var action: (label: String, url: String)?

    /// An empty state with `message` and an optional action link.
    public init(_ message: String, action: (label: String, url: String)? = nil) {
        self.message = message
        self.action = action
    }

    /// `message`, `actionLabel` and `actionURL` for the template.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "message": .string(message)
        case "actionLabel": .optional(action?.label)
        case "actionURL": .optional(action?.url)
        default: nil
        }
    }

    /// Renders `Tessera/EmptyState` with this state.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        renderer.render(BuiltInTemplates.emptyState, self, into: &writer)
    }
}
