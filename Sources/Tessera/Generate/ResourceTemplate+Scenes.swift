// MARK: - Scenes

extension ResourceTemplate {
    var listSceneSource: String {
        #"""
        import Tessera

        /// `GET \#(name.path)`: every \#(name.words), newest first, a page at a time.
        final class \#(listScene): Scene {
            override class var path: String { "\#(name.path)" }
            override class var policy: Policy? { .anyone }
            override class var composition: [ComponentSlot] {
                [slot("\#(name.pluralVariable)") { _, _ in \#(listComponent)() }]
            }

            override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
                head.title = "\#(name.pluralTitle)"
            }
        }

        """#
    }

    var detailSceneSource: String {
        #"""
        import Tessera

        /// `GET \#(name.path)/:\#(name.variable)`: one \#(name.words), for anyone; its owner and admins may change or
        /// delete it.
        final class \#(detailScene): Scene {
            override class var path: String { "\#(name.path)/:\#(name.variable)" }
            override class var policy: Policy? { .anyone }
            override class var composition: [ComponentSlot] {
                [slot("\#(name.variable)") { scene, _ in scene.\#(name.variable).map { \#(detailComponent)(\#(name.variable): $0) } }]
            }

        \#(recordLoading)

            override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
                head.title = \#(headingExpression("\(name.variable)?", fallback: name.title))
            }
        }

        """#
    }

    var newSceneSource: String {
        #"""
        import Tessera

        /// `GET \#(name.path)/new`: the form adding \#(name.withArticle), for members.
        final class \#(newScene): Scene {
            override class var path: String { "\#(name.path)/new" }
            override class var policy: Policy? { .signedIn }
            override class var composition: [ComponentSlot] {
                [slot("form") { _, _ in \#(formComponent)(\#(name.variable): nil) }]
            }

            override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
                head.title = "New \#(name.words)"
            }
        }

        """#
    }

    var editSceneSource: String {
        #"""
        import Tessera

        /// `GET \#(name.path)/:\#(name.variable)/edit`: the form changing \#(name.withArticle), for its owner or an admin
        /// (anyone else gets a 404, as if it were not there).
        final class \#(editScene): Scene {
            override class var path: String { "\#(name.path)/:\#(name.variable)/edit" }
            override class var policy: Policy? {
                .owner { (scene: \#(editScene)) in scene.\#(name.variable)?.ownerID } || .role(.admin)
            }
            override class var composition: [ComponentSlot] {
                [slot("form") { scene, _ in scene.\#(name.variable).map { \#(formComponent)(\#(name.variable): $0) } }]
            }

        \#(recordLoading)

            override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
                head.title = "Edit " + \#(editHeading)
            }
        }

        """#
    }

    /// The edit page's heading after "Edit ": parenthesised when it falls back.
    private var editHeading: String {
        let heading = headingExpression("\(name.variable)?", fallback: name.words)
        return heading.contains("??") ? "(" + heading + ")" : heading
    }

    /// The stored id read from the path, and the record loaded from it (a 404 when there is none).
    private var recordLoading: String {
        #"""
            private var \#(name.variable)ID: Int64 = 0
            private(set) var \#(name.variable): \#(name.type)?

            override func parseParameters(_ scope: RequestScope) throws {
                \#(name.variable)ID = try scope.path.id("\#(name.variable)")  // not a number: 404
            }

            override func loadData(_ scope: RequestScope) async throws {
                \#(name.variable) = try await scope.database.read { db in try await \#(name.type).find(\#(name.variable)ID, in: db) }
                if \#(name.variable) == nil { throw RequestError.notFound() }
            }
        """#
    }

    /// A record's heading, read from `record` (`event?` in a scene, which may have none): its
    /// title field, or its name and id; `fallback` when an optional record has no title.
    func headingExpression(_ record: String, fallback: String) -> String {
        let optional = record.hasSuffix("?")
        switch (titleField, optional) {
        case (let title?, true): return "\(record).\(title.name) ?? \"\(fallback)\""
        case (let title?, false): return "\(record).\(title.name)"
        case (nil, true): return "\"\(fallback)\""
        case (nil, false): return "\"\(name.title) \\(\(record).id)\""
        }
    }
}
