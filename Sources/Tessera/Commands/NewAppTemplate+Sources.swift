// MARK: - Sources

/// The generated app's Swift sources.
extension NewAppTemplate {
    var app: String {
        #"""
        import Tessera

        /// The app: what it is made of. Tessera gives it its command line (`serve`, `validate`,
        /// `routes`, `migrate`) and builds the site from these declarations.
        @main
        struct \#(appType): TesseraApp {
            var name: String { "\#(title)" }
            var scenes: [Scene.Type] { [ShelfScene.self] }

            func migrations(_ migrator: inout DatabaseMigrator) { BookStore.registerMigration(in: &migrator) }
            func seed(_ db: Database) throws { try BookStore.seed(db) }
            var previews: [any Previewable.Type] { [ShelfComponent.self] }
        }

        """#
    }

    var book: String {
        #"""
        import Tessera

        /// A book on the shelf.
        struct Book: Codable, FetchableRecord, PersistableRecord, Sendable {
            static let databaseTableName = "book"
            var id: Int64
            var title: String
            var author: String
            var finished: Bool
        }

        """#
    }

    var store: String {
        #"""
        import Tessera

        /// Books in SQLite: the table, the first rows, and what the shelf reads and writes.
        struct BookStore {
            let database: CountingDatabase

            // MARK: - Schema

            static func registerMigration(in migrator: inout DatabaseMigrator) {
                migrator.registerMigration("books.v1") { db in
                    try db.create(table: "book") { t in
                        t.autoIncrementedPrimaryKey("id")
                        t.column("title", .text).notNull()
                        t.column("author", .text).notNull()
                        t.column("finished", .boolean).notNull().defaults(to: false)
                    }
                }
            }

            static func seed(_ db: Database) throws {
                try Book(id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", finished: false).insert(db)
                try Book(id: 2, title: "Middlemarch", author: "George Eliot", finished: false).insert(db)
                try Book(id: 3, title: "Invisible Cities", author: "Italo Calvino", finished: true).insert(db)
            }

            // MARK: - Queries

            func all() async throws -> [Book] {
                try await database.read { db in try Book.order(Column("title")).fetchAll(db) }
            }

            /// Marks book `id` finished; false when there is no such book still being read.
            func markFinished(_ id: Int64) async throws -> Bool {
                try await database.write { db in
                    try db.execute(sql: "UPDATE book SET finished = 1 WHERE id = ? AND finished = 0", arguments: [id])
                    return db.changesCount == 1
                }
            }
        }

        """#
    }

    var cells: String {
        #"""
        import Tessera

        /// One book: its title and author, and a "Finished" button while it is being read.
        struct BookCell: CellRenderer {
            var template: String { "Books/BookCell" }

            func viewModel(for book: Book) -> [String: TemplateValue] {
                [
                    "title": .string(book.title), "author": .string(book.author),
                    "finishURL": .string("/books/\(book.id)/finish"), "reading": .bool(!book.finished),
                ]
            }
        }

        /// A shelf's heading: its name and how many books it holds.
        struct ShelfHeader {
            let title: String
            let count: Int
        }

        struct ShelfHeaderCell: CellRenderer {
            var template: String { "Books/ShelfHeaderCell" }

            func viewModel(for header: ShelfHeader) -> [String: TemplateValue] {
                ["title": .string(header.title), "count": .string(header.count == 1 ? "1 book" : "\(header.count) books")]
            }
        }

        """#
    }

    var component: String {
        #"""
        import Tessera

        /// The shelf: books being read and books finished, in two sections, and the action that
        /// finishes one. It loads its own data and can be fetched alone at `/_/shelf`.
        final class ShelfComponent: AnyComponent, @unchecked Sendable {
            // MARK: - Configuration

            override var template: String { "Books/ShelfComponent" }

            override class var actions: ActionTable {
                ActionTable().on("finish", path: "/books/:book/finish", ShelfComponent.finish)
            }

            // MARK: - State

            private var shelves: SectionedDataSource?

            // MARK: - Life cycle

            override func load(_ scope: RequestScope) async throws {
                shelves = try Self.dataSource(try await BookStore(database: scope.database).all())
            }

            override func viewModel() -> any ViewModel {
                ["shelves": shelves.map { .fragment($0) } ?? .null]
            }

            // MARK: - Actions

            func finish(_ context: ActionContext) async throws -> ActionResult {
                let id = try context.path.id("book")  // not a number → 404
                guard try await BookStore(database: context.database).markFinished(id) else { throw RequestError.notFound() }
                return .done
            }

            // MARK: - Data source

            /// The two sections; throws if a book's type had no cell (shown as this component's error).
            private static func dataSource(_ books: [Book]) throws -> SectionedDataSource {
                let registry = CellRegistry().registering(BookCell()).registering(ShelfHeaderCell(), as: .header)
                let reading = books.filter { !$0.finished }
                let finished = books.filter(\.finished)
                return try SectionedDataSource(
                    sections: [
                        DataSourceSection(
                            id: "reading", header: ShelfHeader(title: "Reading", count: reading.count), items: reading,
                            emptyState: EmptyState("Nothing on the go.")),
                        DataSourceSection(
                            id: "finished", header: ShelfHeader(title: "Finished", count: finished.count), items: finished,
                            emptyState: EmptyState("Nothing finished yet.")),
                    ], registry: registry)
            }
        }

        """#
    }

    var scene: String {
        #"""
        import Tessera

        /// The first page: the reading list.
        final class ShelfScene: Scene, @unchecked Sendable {
            override class var path: String { "/" }
            override class var componentTypes: [AnyComponent.Type] { [ShelfComponent.self] }
            override var template: String? { "Books/ShelfScene" }

            override func configureComponents(_ scope: RequestScope) {
                add(ShelfComponent(id: "shelf"))
            }

            override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
                head.title = "Reading list"
            }
        }

        """#
    }

    var previews: String {
        #"""
        import Tessera

        /// The shelf's states worth seeing, each on a database of its own: listed at
        /// `/_tessera/previews` by `serve --dev`, and snapshotted by the tests.
        extension ShelfComponent: Previewable {
            static var previews: [Preview] {
                [
                    Preview("three books", fixtures: BookStore.seed) { ShelfComponent(id: "shelf") },
                ]
            }
        }

        """#
    }
}
