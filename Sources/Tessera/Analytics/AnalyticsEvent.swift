import Foundation

// MARK: - AnalyticsEvent

/// One thing worth recording: a page view or an action.
public struct AnalyticsEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable {
        /// A scene was rendered (full page or fragment).
        case pageView = "page_view"
        /// A component action ran.
        case action
    }

    /// Page view or action.
    public var kind: Kind
    /// A stable name: the scene's or `component.action`'s.
    public var name: String
    /// The request path.
    public var path: String
    /// The response status.
    package var status: Int
    /// Free-form detail a scene or component adds (say, the id of the blog viewed).
    public var detail: String?

    /// An event; `detail` defaults to none.
    package init(kind: Kind, name: String, path: String, status: Int, detail: String? = nil) {
        self.kind = kind
        self.name = name
        self.path = path
        self.status = status
        self.detail = detail
    }
}
