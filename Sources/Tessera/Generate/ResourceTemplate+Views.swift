// MARK: - Templates

extension ResourceTemplate {
    var viewFiles: [(path: String, text: String)] {
        let details = fields.filter { $0 != titleField }.map { field -> String in
            "  <dt>\(field.label)</dt><dd class=\"\(cssClass(field))\">{{\(field.name)}}</dd>"
        }
        return [
            ("\(views)/\(listScene).mustache", "<h1>\(name.pluralTitle)</h1>\n{{components.\(name.pluralVariable)}}\n"),
            (
                "\(views)/\(listComponent).mustache",
                """
                <p><a href="{{newURL}}">New \(name.words)</a></p>
                {{> Tessera/PagerTop}}
                {{^isEmpty}}<ul class="\(cssName(name.pluralVariable))" data-items>{{\(name.pluralVariable)}}</ul>{{/isEmpty}}
                {{#isEmpty}}{{\(name.pluralVariable)}}{{/isEmpty}}
                {{> Tessera/PagerMore}}

                """
            ),
            ("\(views)/\(cell).mustache", "<li class=\"\(cssName(name.variable))\"><a href=\"{{url}}\">{{title}}</a></li>\n"),
            ("\(views)/\(detailScene).mustache", "{{components.\(name.variable)}}\n"),
            (
                "\(views)/\(detailComponent).mustache",
                """
                <h1>{{heading}}</h1>
                <dl class="\(cssName(name.variable))-fields">
                \(details.joined(separator: "\n"))
                </dl>
                {{#canChange}}
                <p><a href="{{editURL}}">Edit</a></p>
                <form class="delete-\(cssName(name.variable))" method="post" action="{{deleteURL}}">
                  {{> Tessera/FormTokens}}
                  <button type="submit">Delete</button>
                </form>
                {{/canChange}}

                """
            ),
            ("\(views)/\(newScene).mustache", "<h1>New \(name.words)</h1>\n{{components.form}}\n"),
            ("\(views)/\(editScene).mustache", "<h1>Edit \(name.words)</h1>\n{{components.form}}\n"),
            (
                "\(views)/\(formComponent).mustache",
                """
                <form class="\(cssName(name.variable))-form" method="post" action="{{actionURL}}">
                  {{> Tessera/FormTokens}}
                  {{#form}}{{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}{{#fields}}{{> Tessera/Field}}{{/fields}}{{/form}}
                  <button type="submit">{{#isNew}}Add \(name.words){{/isNew}}{{^isNew}}Save \(name.words){{/isNew}}</button>
                </form>

                """
            ),
        ]
    }

    /// `blogPost` → `blog-post`: class names in templates and tests.
    func cssName(_ variable: String) -> String { ResourceName.words(ResourceName.upperFirst(variable)).joined(separator: "-") }

    /// A field's class on its detail page.
    func cssClass(_ field: ResourceField) -> String { cssName(field.name) }
}
