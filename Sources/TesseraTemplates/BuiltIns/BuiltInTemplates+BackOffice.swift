// MARK: - Back office templates

extension BuiltInTemplates {
    /// The back office's first page (`BackOfficeIndexComponent`): names `types` (each `label`,
    /// `url`) and `isEmpty`.
    package static let backOfficeIndex = "Tessera/BackOfficeIndex"
    /// A page of a record type's list (`BackOfficeListComponent`): names `label`, `newURL`,
    /// `indexURL`, `listURL`, `hasSearch`, `search` and `filters` (`FormField`s), `headers`, `rows` (each
    /// `id`, `url`, `title`, `cells`), `isEmpty`, `total`, `position`, `previousURL`, `nextURL`.
    package static let backOfficeList = "Tessera/BackOfficeList"
    /// A record's page (`BackOfficeRecordComponent`): names `label`, `key`, `listURL`,
    /// `editURL`, `deleteURL`, `fields` (each `label`, `value`, `url`), `hasChanges` and
    /// `changes` (each `action`, `when`, `who`, `fields`: `name`, `label`, `before`, `after`).
    package static let backOfficeRecord = "Tessera/BackOfficeRecord"
    /// A record's form, new or existing (`BackOfficeFormComponent`): names `heading`,
    /// `actionURL`, `cancelURL`, `button`, `summary` and `fields` (`FormField`s).
    package static let backOfficeForm = "Tessera/BackOfficeForm"
    /// Deleting a record (`BackOfficeDeleteComponent`): names `heading`, `title`, `actionURL`,
    /// `cancelURL` and `problem`.
    package static let backOfficeDelete = "Tessera/BackOfficeDelete"

    /// The back office's pages. An app replaces one with its own
    /// `Views/Tessera/BackOfficeList.mustache` (and so on), which the checker holds to the same model.
    static let backOfficeSources: [TemplateSource] = [
        TemplateSource(
            name: backOfficeIndex,
            text: """
                <div class="card back-office">
                <h1>Back office</h1>
                {{#isEmpty}}<p class="empty-state">The back office holds no records yet.</p>{{/isEmpty}}
                {{^isEmpty}}<ul class="item-list back-office-types">{{#types}}<li><a href="{{url}}">{{label}}</a></li>{{/types}}</ul>{{/isEmpty}}
                </div>
                """),
        TemplateSource(
            name: backOfficeList,
            text: """
                <div class="card back-office">
                <header class="page-header">
                <h1>{{label}}</h1>
                <p class="actions"><a class="button button-small" href="{{newURL}}">New record</a></p>
                </header>
                {{#hasSearch}}<form class="feed-search back-office-search" role="search" method="get" action="{{listURL}}">
                {{#search}}{{> Tessera/Field}}{{/search}}
                {{#filters}}{{> Tessera/Field}}{{/filters}}
                <button type="submit" class="button button-small">Search</button>
                </form>{{/hasSearch}}
                <p class="muted back-office-count"><span data-total>{{total}}</span> records · {{position}}</p>
                {{#isEmpty}}<p class="empty-state">No records here.</p>{{/isEmpty}}
                {{^isEmpty}}<table class="back-office-table">
                <thead><tr>{{#headers}}<th scope="col">{{.}}</th>{{/headers}}</tr></thead>
                <tbody>{{#rows}}<tr id="{{id}}"><th scope="row"><a href="{{url}}">{{title}}</a></th>{{#cells}}<td>{{.}}</td>{{/cells}}</tr>{{/rows}}</tbody>
                </table>{{/isEmpty}}
                <nav class="back-office-pager" aria-label="Pages of {{label}}">{{#previousURL}}<a href="{{previousURL}}" rel="prev">Previous page</a> {{/previousURL}}{{#nextURL}}<a href="{{nextURL}}" rel="next">Next page</a>{{/nextURL}}</nav>
                <p><a href="{{indexURL}}">All record types</a></p>
                </div>
                """),
        TemplateSource(
            name: backOfficeRecord,
            text: """
                <div class="card back-office">
                <header class="page-header">
                <h1>{{label}} {{key}}</h1>
                <p class="actions"><a class="button button-small" href="{{editURL}}">Edit</a> <a class="button button-small button-danger" href="{{deleteURL}}">Delete</a></p>
                </header>
                <dl class="back-office-fields">{{#fields}}
                <dt>{{label}}</dt><dd>{{#url}}<a href="{{url}}">{{value}}</a>{{/url}}{{^url}}{{value}}{{/url}}</dd>{{/fields}}
                </dl>
                <h2>Changes</h2>
                {{^hasChanges}}<p class="empty-state">No changes were made here.</p>{{/hasChanges}}
                {{#hasChanges}}<ol class="item-list back-office-changes">{{#changes}}
                <li class="back-office-change" data-action="{{action}}"><p><strong>{{action}}</strong> by {{who}}, {{when}}</p>
                <table><thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
                <tbody>{{#fields}}<tr data-field="{{name}}"><th scope="row">{{label}}</th><td class="before">{{before}}</td><td class="after">{{after}}</td></tr>{{/fields}}</tbody></table>
                </li>{{/changes}}
                </ol>{{/hasChanges}}
                <p><a href="{{listURL}}">Back to the list</a></p>
                </div>
                """),
        TemplateSource(
            name: backOfficeForm,
            text: """
                <div class="card back-office">
                <h1>{{heading}}</h1>
                <form method="post" action="{{actionURL}}" class="form back-office-form">
                {{> Tessera/FormTokens}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                {{#fields}}{{> Tessera/Field}}{{/fields}}
                <p class="actions"><button type="submit" class="button">{{button}}</button> <a href="{{cancelURL}}">Cancel</a></p>
                </form>
                </div>
                """),
        TemplateSource(
            name: backOfficeDelete,
            text: """
                <div class="card narrow back-office">
                <h1>{{heading}}</h1>
                {{#problem}}<p class="form-error" role="alert">{{problem}}</p>{{/problem}}
                <p>“{{title}}” and what it holds will be gone. Its change log stays.</p>
                <form method="post" action="{{actionURL}}" class="form back-office-delete">
                {{> Tessera/FormTokens}}
                <p class="actions"><button type="submit" class="button button-danger">Delete</button> <a href="{{cancelURL}}">Cancel</a></p>
                </form>
                </div>
                """),
    ]
}
