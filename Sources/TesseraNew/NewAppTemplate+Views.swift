// MARK: - Views

/// The generated app's templates and style sheet.
extension NewAppTemplate {
    var sceneTemplate: String {
        """
        <h1>Reading list</h1>
        {{components.shelf}}

        """
    }

    var headerTemplate: String {
        """
        <h2>{{title}} <span class="count">{{count}}</span></h2>

        """
    }

    var cellTemplate: String {
        """
        <article class="book"><span class="title">{{title}}</span> <span class="author">by {{author}}</span>{{#reading}} <form method="post" action="{{finishURL}}">{{> Tessera/FormTokens}}<button type="submit">Finished</button></form>{{/reading}}</article>

        """
    }

    var css: String {
        """
        body { font-family: system-ui, sans-serif; margin: 0; line-height: 1.5; color: #1d1d1f; }
        .site-header, .site-footer, .page { max-width: 40rem; margin: 0 auto; padding: 1rem; }
        .brand { font-weight: 700; text-decoration: none; color: inherit; }
        .book { display: flex; gap: 0.5rem; align-items: baseline; padding: 0.25rem 0; }
        .book form { margin-left: auto; }
        .count, .author, .empty-state, .site-footer { color: #6e6e73; }

        """
    }
}
