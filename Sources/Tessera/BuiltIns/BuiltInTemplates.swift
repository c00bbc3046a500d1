// MARK: - BuiltInTemplates

/// Templates Tessera ships, compiled into every library unless the app's `Views/` has a file of
/// the same name (say `Views/Tessera/ErrorPage.mustache`) to replace it.
public enum BuiltInTemplates {
    /// A section of a ``SectionedDataSource``: names `id`, `header`, `items`, `footer`.
    public static let section = "Tessera/Section"
    /// An ``EmptyState``: names `message`, `actionLabel`, `actionURL`.
    public static let emptyState = "Tessera/EmptyState"
    /// What a component shows when its loading failed: names `message`, `retryURL`.
    public static let componentError = "Tessera/ComponentError"
    /// A whole error page (404, 400, 403, 413, 500): names `status`, `title`, `message`.
    public static let errorPage = "Tessera/ErrorPage"

    /// The sources, by name.
    static let sources: [TemplateSource] = [
        TemplateSource(
            name: section,
            text: """
                <section class="section"{{#id}} id="{{id}}"{{/id}}>{{header}}<div class="section-items" data-items>{{items}}</div>{{footer}}</section>
                """),
        TemplateSource(
            name: emptyState,
            text: """
                <p class="empty-state">{{message}}{{#actionURL}} <a href="{{actionURL}}">{{actionLabel}}</a>{{/actionURL}}</p>
                """),
        TemplateSource(
            name: componentError,
            text: """
                <div class="component-error" role="alert"><p>{{message}}</p>{{#retryURL}}<a href="{{retryURL}}">Try again</a>{{/retryURL}}</div>
                """),
        TemplateSource(
            name: errorPage,
            text: """
                <!DOCTYPE html>
                <html lang="en">
                <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{status}} {{title}}</title><link rel="stylesheet" href="/css/app.css"></head>
                <body class="error-page"><main><h1>{{status}} {{title}}</h1><p>{{message}}</p><p><a href="/">Back to the home page</a></p></main></body>
                </html>
                """),
    ]
}
