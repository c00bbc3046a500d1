// MARK: - ErrorSummary

/// What is wrong with a refused form, at its top: a heading, the form-level message if any, and
/// one link per field with an error, in the order given (the form's reading order), each leading
/// to its control — the GOV.UK Design System's error summary. The `Tessera/ErrorSummary` partial
/// draws it (nothing when there is no error); the client script focuses it after a refusal, and
/// without JavaScript it is the first thing read in the form. A refused page's title starts
/// with `Error: `.
///
/// ```swift
/// var summary: ErrorSummary { ErrorSummary([title, body], message: errors.message) }
/// ```
///
/// ```mustache
/// {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
/// ```
public struct ErrorSummary: Sendable, Equatable {
    /// One field's error: its link and text.
    package struct Item: Sendable, Equatable {
        /// `#` and the id of the control to go to.
        package let href: String
        /// The field's label.
        package let label: String
        /// The field's error.
        package let message: String
    }

    /// The heading; default "There is a problem".
    package let title: String
    /// A message about the whole form, or nil.
    package let message: String?
    /// The fields with an error, in order.
    package let items: [Item]

    /// The summary of `fields` (those with an error) under `message` (default none), headed
    /// `title` (default "There is a problem").
    public init(_ fields: [FormField], message: String? = nil, title: String = "There is a problem") {
        self.title = title
        self.message = message
        items = fields.compactMap { field in
            field.error.map { Item(href: "#" + field.focusID, label: field.label, message: $0) }
        }
    }

    /// Whether there is anything to show: a field's error or a message.
    package var hasErrors: Bool { message != nil || !items.isEmpty }
}

// MARK: - Template

extension ErrorSummary: TemplateModel {
    /// Every key the `Tessera/ErrorSummary` partial reads.
    public static let templateKeys: [TemplateKey<ErrorSummary>] = [
        TemplateKey("hasErrors") { $0.hasErrors }, TemplateKey("summaryTitle") { $0.title },
        TemplateKey("summaryMessage") { $0.message }, TemplateKey("hasItems") { !$0.items.isEmpty },
        TemplateKey("items") { $0.items },
    ]
}

extension ErrorSummary.Item: TemplateModel {
    /// The keys the partial reads for each field.
    package static let templateKeys: [TemplateKey<ErrorSummary.Item>] = [
        TemplateKey("href") { $0.href }, TemplateKey("label") { $0.label }, TemplateKey("message") { $0.message },
    ]
}
