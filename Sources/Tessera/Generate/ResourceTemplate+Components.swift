// MARK: - List, cell, previews and detail

extension ResourceTemplate {
    var listComponentSource: String {
        let records = name.pluralVariable
        return #"""
            import Tessera

            /// The \#(name.pluralWords), newest first, a page at a time, with a link to add one.
            @Component
            struct \#(listComponent) {
                /// \#(name.pluralTitle) per page.
                var pageSize = 20

                func load(_ scope: ComponentScope<Self>) async throws -> Model {
                    let pagination = try Pagination(scope.query)  // ?page=N or ?through=N; a bad value is a 400
                    let limit = pagination.limit(size: pageSize)
                    let \#(records) = try await scope.database.read { db in
                        try await \#(name.type).order(by: \.id, .descending).offset(pagination.offset(size: pageSize)).limit(limit + 1).all(in: db)
                    }
                    return Model(
                        pagination: pagination,
                        pager: pagination.pager(in: scope, hasMore: \#(records).count > limit, noun: "\#(name.pluralWords)"),
                        \#(records): ArrayDataSource(
                            items: Array(\#(records).prefix(limit)), cell: \#(cell)(),
                            emptyState: EmptyState(pagination.first == 1 ? "No \#(name.pluralWords) yet." : "No more \#(name.pluralWords).")),
                        newURL: \#(newScene).link())
                }

                func fragmentQuery(for model: Model) -> [(String, String)] { model.pagination.query }

                @TemplateModel
                struct Model {
                    @TemplateIgnored let pagination: Pagination
                    @TemplateIncluded let pager: Pager
                    let \#(records): ArrayDataSource<\#(cell)>
                    let newURL: String
                    var isEmpty: Bool { \#(records).isEmpty }
                }
            }

            """#
    }

    var cellSource: String {
        #"""
        import Tessera

        /// One \#(name.words) in a list: its heading, linking to its page.
        struct \#(cell): CellRenderer {
            func viewModel(for \#(name.variable): \#(name.type)) -> Model { Model(\#(name.variable): \#(name.variable)) }

            @TemplateModel
            struct Model {
                @TemplateIgnored let \#(name.variable): \#(name.type)

                var title: String { \#(headingExpression(name.variable, fallback: name.title)) }
                var url: String { \#(detailScene).link(\#(name.variable).id) }
            }
        }

        """#
    }

    var previewsSource: String {
        let values = fields.map { "\($0.name): \($0.sampleSwift)" }.joined(separator: ", ")
        return #"""
            import Tessera

            /// The list's states worth seeing, each on a database of its own: listed at
            /// `/_tessera/previews` by `serve --dev`.
            extension \#(listComponent): Previewable {
                static var previews: [Preview] {
                    [
                        Preview("empty", id: "\#(name.pluralVariable)") { \#(listComponent)() },
                        Preview("three \#(name.pluralWords)", id: "\#(name.pluralVariable)", fixtures: Self.three\#(name.pluralType)) { \#(listComponent)() },
                    ]
                }

                /// Three \#(name.pluralWords), owned by member 1.
                static func three\#(name.pluralType)(_ db: SQLConnection) async throws {
                    for number in 1...3 {
                        _ = try await \#(name.type)(id: 0, ownerID: 1, \#(values)).insert(in: db)
                    }
                }
            }

            """#
    }

    var detailComponentSource: String {
        let record = name.variable
        let keys = fields.filter { $0 != titleField }.map { field -> String in
            "        var \(field.name): \(detailType(field)) { \(detailValue(field, of: record)) }"
        }
        return #"""
            import Tessera

            /// One \#(name.words)'s fields, with a link to change it and a button to delete it for its owner or an admin.
            @Component
            struct \#(detailComponent) {
                /// `POST \#(name.path)/:\#(record)/delete`: its owner or an admin.
                static let delete = Action(
                    "delete", policy: .owner { (detail: \#(detailComponent)) in detail.\#(record).ownerID } || .role(.admin),
                    \#(detailComponent).delete)
                /// Its owner and admins see the links to change it: kept per viewer.
                static var caching: FragmentCaching { .perUser }

                let \#(record): \#(name.type)

                func load(_ scope: ComponentScope<Self>) async throws -> Model {
                    var canChange = scope.userID == \#(record).ownerID
                    if !canChange { canChange = try await scope.hasRole(.admin) }
                    return Model(
                        \#(record): \#(record), canChange: canChange, editURL: \#(editScene).link(\#(record).id),
                        deleteURL: scope.url(for: Self.delete))
                }

                @TemplateModel
                struct Model {
                    @TemplateIgnored let \#(record): \#(name.type)
                    let canChange: Bool
                    let editURL: String
                    let deleteURL: String

                    var heading: String { \#(headingExpression(record, fallback: name.title)) }
            \#(keys.joined(separator: "\n"))
                }

                func delete(_ scope: ComponentScope<Self>) async throws -> ActionResult<Model> {
                    _ = try await scope.database.write { db in try await \#(record).delete(in: db) }
                    return .redirect(to: \#(listScene).link()).withNotice(Notice("The \#(name.words) was deleted."))
                }
            }

            """#
    }

    /// The type a detail page's key has for `field` (templates read text, whole numbers and yes/no).
    private func detailType(_ field: ResourceField) -> String {
        switch field.kind {
        case .string, .text, .int: field.swiftType
        case .double, .bool: field.isOptional ? "String?" : "String"
        }
    }

    /// The key's value for `field` of `record`.
    private func detailValue(_ field: ResourceField, of record: String) -> String {
        let value = "\(record).\(field.name)"
        switch field.kind {
        case .string, .text, .int: return value
        case .double: return field.isOptional ? "\(value).map { String($0) }" : "String(\(value))"
        case .bool: return "\(value) ? \"Yes\" : \"No\""
        }
    }
}
