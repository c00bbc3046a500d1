// MARK: - BuiltInTemplates

/// Templates Tessera ships, compiled into every library unless the app's `Views/` has a file of
/// the same name (say `Views/Tessera/ErrorPage.mustache`) to replace it.
public enum BuiltInTemplates {
    /// A section of a ``SectionedDataSource`` drawn by ``StandardSection``: names `id`,
    /// `header`, `items`, `footer`.
    package static let section = "Tessera/Section"
    /// An ``EmptyState``: names `message`, `actionLabel`, `actionURL`.
    package static let emptyState = "Tessera/EmptyState"
    /// What a component shows when its loading failed: names `message`, `retryURL`.
    package static let componentError = "Tessera/ComponentError"
    /// The body of an error page (404, 400, 403, 413, 500…), rendered inside the site's layout:
    /// names `status`, `title`, `message`, `homeURL`.
    package static let errorPage = "Tessera/ErrorPage"
    /// The layout of an app that declares none (``TesseraApp/layout``): the site's name in the header
    /// and every title, the page, a footer, named places an app fills (``layoutHead``), Tessera's client script and the app's
    /// `/css/app.css`; with ``Members``, the signed-in member and their links (or Sign in). Names
    /// what any layout may read: `documentTitle` (the page's title and the site's name), `title`,
    /// `siteName`, `bodyClass`, `content`, `isDevelopment`, and the globals (`notice`, `member`,
    /// `memberPages`).
    package static let layout = "Tessera/Layout"
    /// The built-in layout's named places, each a partial an app fills by putting a file of the
    /// same name in `Views/` (`Views/Tessera/LayoutNavigation.mustache`), without copying the
    /// layout: more of the `<head>` (empty by default), links after the site's name in the main
    /// navigation (empty), and the footer's content (the site's name).
    package static let layoutHead = "Tessera/LayoutHead"
    /// See ``layoutHead``.
    package static let layoutNavigation = "Tessera/LayoutNavigation"
    /// See ``layoutHead``.
    package static let layoutFooter = "Tessera/LayoutFooter"

    /// The hidden fields every form that posts must carry, as a partial: `{{> Tessera/FormTokens}}`
    /// writes the CSRF token (`_csrf`), a one-time token (`_once`, see `SubmissionGuard`) and the
    /// page the form is on (`_back`: a plain post that succeeds on that scene's page returns
    /// there, query and all). A
    /// `method="post"` form without a CSRF field is a start-up and `validate` error.
    package static let formTokens = "Tessera/FormTokens"
    /// The CSRF field alone, for forms whose repeat must run again rather than answer as the
    /// first did (signing in or out): `{{> Tessera/CSRFField}}`.
    package static let csrfField = "Tessera/CSRFField"
    /// One labelled input with its hint, error and `aria` wiring, drawn from a ``FormField``:
    /// `{{#fields.email}}{{> Tessera/Field}}{{/fields.email}}`.
    package static let field = "Tessera/Field"
    /// A refused form's ``ErrorSummary``, as a partial: `{{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}`.
    package static let errorSummary = "Tessera/ErrorSummary"
    /// What a layout's `<head>` needs for Tessera's client: the client script, and in
    /// development the dev server's reload (`<meta name="tessera-dev-events">`):
    /// `{{> Tessera/Scripts}}`. A layout without it is a start-up warning.
    package static let scripts = "Tessera/Scripts"
    /// The region a ``Notice`` shows in (`id="tessera-notice"`), as a partial for layouts:
    /// `{{> Tessera/Notice}}`. Reads the built-in `notice` global.
    package static let notice = "Tessera/Notice"
    /// Above a page of a list: the link to the newer page and where you are ("Page 3"), past
    /// the first page. `{{> Tessera/PagerTop}}` in a template whose model includes a ``Pager``.
    package static let pagerTop = "Tessera/PagerTop"
    /// Below a page of a list: "Load more", a plain link to the next page that the client
    /// script turns into appending it in place (and updating the address). `{{> Tessera/PagerMore}}`.
    package static let pagerMore = "Tessera/PagerMore"

    /// The sources, by name: the core's, then the members' forms.
    static let sources: [TemplateSource] = coreSources + memberSources + backOfficeSources

    private static let coreSources: [TemplateSource] = [
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
            name: pagerTop,
            text: """
                {{#newerURL}}<p class="pager-position"><a href="{{newerURL}}" rel="prev">{{newerLabel}}</a> <span>{{position}}</span></p>{{/newerURL}}
                """),
        TemplateSource(
            name: pagerMore,
            text: """
                {{#moreURL}}<nav class="load-more" data-more aria-label="{{moreLabel}}"><a href="{{moreURL}}" data-tessera-fragment="{{moreFragmentURL}}" data-tessera-append{{#moreHistoryURL}} data-tessera-history="{{moreHistoryURL}}"{{/moreHistoryURL}} rel="next">Load more</a></nav>{{/moreURL}}
                """),
        TemplateSource(
            name: errorPage,
            text: """
                <section class="error-page" aria-labelledby="error-title"><p class="error-status">Error {{status}}</p><h1 id="error-title">{{title}}</h1><p>{{message}}</p>{{#details}}<pre class="error-details">{{details}}</pre>{{/details}}<p class="error-actions"><a href="{{homeURL}}">Go to the home page</a></p></section>
                """),
        TemplateSource(
            name: formTokens,
            text: """
                <input type="hidden" name="_csrf" value="{{csrfToken}}"><input type="hidden" name="_once" value="{{onceToken}}"><input type="hidden" name="_back" value="{{backURL}}">

                """),
        TemplateSource(
            name: csrfField,
            text: """
                <input type="hidden" name="_csrf" value="{{csrfToken}}">

                """),
        TemplateSource(
            name: field,
            text: """
                <div class="field{{#error}} has-error{{/error}}">
                {{#isInput}}<label for="{{id}}">{{label}}</label>
                <input id="{{id}}" name="{{name}}" type="{{type}}"{{#autocomplete}} autocomplete="{{autocomplete}}"{{/autocomplete}}{{#required}} required{{/required}}{{#minLength}} minlength="{{minLength}}"{{/minLength}}{{#maxLength}} maxlength="{{maxLength}}"{{/maxLength}}{{#showsValue}} value="{{value}}"{{/showsValue}}{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#error}} aria-invalid="true"{{/error}}>{{/isInput}}{{#isTextArea}}<label for="{{id}}">{{label}}</label>
                <textarea id="{{id}}" name="{{name}}" rows="{{rows}}"{{#required}} required{{/required}}{{#minLength}} minlength="{{minLength}}"{{/minLength}}{{#maxLength}} maxlength="{{maxLength}}"{{/maxLength}}{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#error}} aria-invalid="true"{{/error}}>
                {{value}}</textarea>{{/isTextArea}}{{#isSelect}}<label for="{{id}}">{{label}}</label>
                <select id="{{id}}" name="{{name}}"{{#required}} required{{/required}}{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#error}} aria-invalid="true"{{/error}}>{{#prompt}}<option value="">{{prompt}}</option>{{/prompt}}{{#choices}}<option value="{{value}}"{{#isChosen}} selected{{/isChosen}}>{{label}}</option>{{/choices}}</select>{{/isSelect}}{{#isGroup}}<fieldset{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}><legend>{{label}}</legend>{{#choices}}
                <div class="choice"><input id="{{id}}" name="{{name}}" type="{{type}}" value="{{value}}"{{#isChosen}} checked{{/isChosen}}{{#isRequired}} required{{/isRequired}}{{#isInvalid}} aria-invalid="true"{{/isInvalid}}><label for="{{id}}">{{label}}</label></div>{{/choices}}
                </fieldset>{{/isGroup}}{{#isCheckbox}}<div class="choice"><input id="{{id}}" name="{{name}}" type="checkbox"{{#checked}} checked{{/checked}}{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#error}} aria-invalid="true"{{/error}}><label for="{{id}}">{{label}}</label></div>{{/isCheckbox}}{{#isFile}}<label for="{{id}}">{{label}}</label>
                <input id="{{id}}" name="{{name}}" type="file"{{#accept}} accept="{{accept}}"{{/accept}}{{#required}} required{{/required}}{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#error}} aria-invalid="true"{{/error}}>{{/isFile}}{{#hint}}
                <p class="hint" id="{{hintID}}">{{hint}}</p>{{/hint}}{{#error}}
                <p class="field-error" id="{{errorID}}">{{error}}</p>{{/error}}
                </div>

                """),
        TemplateSource(
            name: errorSummary,
            text: """
                {{#hasErrors}}<div class="error-summary" role="alert" tabindex="-1" data-tessera-error-summary><h2>{{summaryTitle}}</h2>{{#summaryMessage}}<p>{{summaryMessage}}</p>{{/summaryMessage}}{{#hasItems}}<ul>{{#items}}<li><a href="{{href}}">{{label}}: {{message}}</a></li>{{/items}}</ul>{{/hasItems}}</div>{{/hasErrors}}

                """),
        TemplateSource(
            name: scripts,
            text: """
                <script src="{{assets.js/tessera.js}}" defer></script>
                {{#isDevelopment}}<meta name="tessera-dev-events" content="/_tessera/events">{{/isDevelopment}}
                """),
        TemplateSource(
            name: notice,
            text: """
                <div id="tessera-notice" class="notice-region">{{#notice}}<div class="notice flash" role="status" data-tessera-notice><p>{{message}}</p>{{#undoURL}}<form method="post" action="{{undoURL}}" class="inline-form">{{> Tessera/FormTokens}}<input type="hidden" name="back" value="{{undoBack}}"><button type="submit" class="button button-small button-secondary">Undo</button></form>{{/undoURL}}</div>{{/notice}}</div>
                """),
        TemplateSource(name: layoutHead, text: "{{! More of the <head>: Views/Tessera/LayoutHead.mustache }}"),
        TemplateSource(name: layoutNavigation, text: "{{! Links of the main navigation: Views/Tessera/LayoutNavigation.mustache }}"),
        TemplateSource(name: layoutFooter, text: "<p>{{siteName}} · made with Tessera</p>"),
        TemplateSource(
            name: layout,
            text: """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>{{documentTitle}}</title>
                {{#assets.css/app.css}}<link rel="stylesheet" href="{{assets.css/app.css}}">{{/assets.css/app.css}}
                {{> Tessera/Scripts}}
                {{> Tessera/LayoutHead}}
                </head>
                <body{{#bodyClass}} class="{{bodyClass}}"{{/bodyClass}}>
                <header class="site-header"><nav aria-label="Main"><a class="brand" href="/">{{siteName}}</a>{{> Tessera/LayoutNavigation}}{{#memberPages}} <span class="account">{{#member}}{{displayName}} {{#memberPages.password}}<a href="{{memberPages.password}}">Password</a> {{/memberPages.password}}<form method="post" action="{{memberPages.signOut}}" class="inline-form">{{> Tessera/CSRFField}}<button type="submit">Sign out</button></form>{{/member}}{{^member}}<a href="{{memberPages.signIn}}">Sign in</a>{{#memberPages.signUp}} <a href="{{memberPages.signUp}}">Create an account</a>{{/memberPages.signUp}}{{/member}}</span>{{/memberPages}}</nav></header>
                <main id="main" class="page">
                {{> Tessera/Notice}}
                {{content}}
                </main>
                <footer class="site-footer">{{> Tessera/LayoutFooter}}</footer>
                </body>
                </html>
                """),
    ]
}
