// MARK: - PreviewRender

/// What rendering one preview produced.
public struct PreviewRender: Sendable {
    /// The component's fragment (or, for the dev page, the whole page around it); empty when the
    /// preview could not render.
    public let html: String
    /// The SQL statements the component's `load` ran.
    public let queryCount: Int
    /// The component's fragment URL.
    public let fragmentURL: String
    /// Why the preview could not render at all (its fixtures failed, or loading refused the
    /// request), or nil.
    public let failure: String?
    /// What the component's `load` threw, when it rendered its error fragment instead; or nil.
    public let loadError: String?
}
