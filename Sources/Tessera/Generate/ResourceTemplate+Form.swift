// MARK: - Form

extension ResourceTemplate {
    var formComponentSource: String {
        let record = name.variable
        let keyPaths = fields.map { "\\.\($0.name)" }.joined(separator: ", ")
        let textAreas = fields.filter { $0.kind == .text }.map { "\n        .control(\\.\($0.name), .textArea(rows: 6))" }.joined()
        let blank = fields.map { "\($0.name): \($0.emptyValue)" }.joined(separator: ", ")
        return #"""
            import Tessera

            /// The form adding \#(name.withArticle) (`\#(record)` nil) or changing one, drawn from `\#(name.type)`'s fields and
            /// checks: refused input comes back as it was typed, with each field's problem; saved, it leads
            /// to the \#(name.words)'s page.
            @Component
            struct \#(formComponent) {
                /// `POST` to the scene's own path: the scene's policy guards it.
                static let save = Action("save", path: "", \#(formComponent).save)

                /// The fields the form shows, in order; labels, hints and controls are set here too
                /// (`.label(\.\#(fields[0].name), "…")`), the kinds and checks on `\#(name.type)`.
                static let layout = FormLayout<\#(name.type)>(\#(keyPaths))\#(textAreas)

                /// The \#(name.words) changed; nil for a new one.
                let \#(record): \#(name.type)?

                func load(_ scope: ComponentScope<Self>) async throws -> Model {
                    let form = ModelForm(scope.newChanges(to: \#(record) ?? Self.blank), layout: Self.layout)
                    return Model(actionURL: scope.url(for: Self.save), form: form, isNew: \#(record) == nil)
                }

                @TemplateModel
                struct Model {
                    let actionURL: String
                    let form: ModelForm<\#(name.type)>
                    let isNew: Bool
                }

                func save(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
                    var base = \#(record) ?? Self.blank
                    if \#(record) == nil { base.ownerID = try scope.requireUser() }
                    let changes = try scope.changes(to: base, layout: Self.layout)  // a forged choice: 400
                    do {
                        let saved = try await scope.database.write { db in
                            try await \#(record) == nil ? changes.insert(in: db) : changes.update(in: db)
                        }
                        return .redirect(to: \#(detailScene).link(saved.id))
                            .withNotice(Notice(\#(record) == nil ? "The \#(name.words) was added." : "The \#(name.words) was saved."))
                    } catch let refused as ChangesetRefused<\#(name.type)> {  // 400: the form again, as it was sent
                        let form = ModelForm(refused.changes, layout: Self.layout)
                        return .invalid(Model(actionURL: scope.url(for: Self.save), form: form, isNew: \#(record) == nil))
                    }
                }

                /// A new \#(name.words), before the form's values.
                private static let blank = \#(name.type)(id: 0, ownerID: 0, \#(blank))
            }

            """#
    }
}
