import Foundation

// MARK: - A record's form in a component

extension ComponentScope {
    /// The post read into a change of `base` by `layout` (default: every editable field), dates
    /// and times in `timeZone`: the viewer's when the app knows it, else (nil, the default) the
    /// site's, `TesseraConfiguration.timeZone`. See `FormLayout.changes(from:to:timeZone:)`.
    ///
    /// ```swift
    /// let changes = try scope.changes(to: Signup.blank, layout: Self.form)
    /// ```
    public func changes<Model: SQLModel>(
        to base: Model, layout: FormLayout<Model> = FormLayout(), timeZone: TimeZone? = nil
    ) throws(RequestError) -> Changeset<Model> {
        try layout.changes(from: form, to: base, timeZone: timeZone ?? site.configuration.timeZone)
    }

    /// A new change of `base`, nothing typed yet (a form's first showing), dates and times in
    /// `timeZone`, by default the site's.
    public func newChanges<Model: SQLModel>(to base: Model, timeZone: TimeZone? = nil) -> Changeset<Model> {
        Changeset(base, style: FieldTextStyle(timeZone: timeZone ?? site.configuration.timeZone))
    }
}
