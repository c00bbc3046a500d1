import HTTPTypes

// MARK: - PageHead

/// What a scene sets last, before rendering: the title, the status and extra headers.
public struct PageHead: Sendable {
    /// The page title (`<title>`); default the site's name.
    public var title: String
    /// The response status; default 200.
    package var status: HTTPResponse.Status = .ok
    /// Extra response headers (Cache-Control, say); default none.
    package var headers: HTTPFields = [:]
    /// A class for `<body>`, so a layout can style scenes apart; default none.
    package var bodyClass: String?

    /// A head with `title`.
    package init(title: String) { self.title = title }
}
