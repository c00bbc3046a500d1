// MARK: - Sources

/// The generated app's Swift sources.
extension NewAppTemplate {
    var app: String {
        #"""
        import Tessera

        /// The app: what it is made of. Tessera gives it its command line (`serve`, `validate`,
        /// `routes`, `migrate`, `jobs`) and builds the site from these declarations.
        @main
        struct \#(appType): TesseraApp {
            var name: String { "\#(title)" }
            var scenes: [Scene.Type] { [ShelfScene.self] }
            /// Sign-up, sign-in, sign-out and password change on the `member` table.
            var members: Members? { Members() }

            func migrations(_ migrations: inout Migrations) {
                MemberTable.registerMigration(in: &migrations)
                BookStore.registerMigration(in: &migrations)
            }
            func seed(_ db: SQLConnection) async throws { try await BookStore.seed(db) }
            var previews: [any Previewable.Type] { [ShelfComponent.self] }
        }

        """#
    }

    var book: String {
        #"""
        import Tessera

        /// A book on the shelf: one row of `book`, its columns the stored properties (`@SQLRecord`).
        @SQLRecord
        struct Book: Sendable {
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

        /// Books: the table, the first rows, and what the shelf reads and writes. The same SQL
        /// runs on SQLite (the default) and on PostgreSQL (`--db postgres://…`).
        struct BookStore {
            let database: CountingDatabase

            // MARK: - Schema

            static func registerMigration(in migrations: inout Migrations) {
                migrations.register("books.v1") { db in
                    try await db.execute(
                        """
                        CREATE TABLE book (id \(db.dialect.autoIncrementPrimaryKey), title TEXT NOT NULL,
                          author TEXT NOT NULL, finished BOOLEAN NOT NULL DEFAULT FALSE)
                        """)
                }
            }

            static func seed(_ db: SQLConnection) async throws {
                for (title, author, finished) in [
                    ("The Left Hand of Darkness", "Ursula K. Le Guin", false), ("Middlemarch", "George Eliot", false),
                    ("Invisible Cities", "Italo Calvino", true),
                ] {
                    try await db.execute("INSERT INTO book (title, author, finished) VALUES (?, ?, ?)", [title, author, finished])
                }
            }

            // MARK: - Queries

            func all() async throws -> [Book] {
                try await database.read { db in try await db.fetchAll(Book.self, "SELECT \(Book.columns) FROM book ORDER BY title") }
            }

            /// Marks book `id` finished; false when there is no such book still being read.
            func markFinished(_ id: Int64) async throws -> Bool {
                try await database.write { db in
                    try await db.execute("UPDATE book SET finished = TRUE WHERE id = ? AND finished = FALSE", [id]) == 1
                }
            }
        }

        """#
    }

    var cells: String {
        #"""
        import Tessera

        /// One book: its title and author, and a "Finished" button while it is being read.
        /// Its template is `Views/Books/BookCell.mustache`, found by the type's name.
        struct BookCell: CellRenderer {
            /// The address of the "Finished" button's action for a book (the shelf hands it over).
            let finishURL: @Sendable (Int64) -> String

            func viewModel(for book: Book) -> Model { Model(book: book, finishURL: finishURL(book.id)) }

            /// What the template reads: each property is a key, named once (checked against the
            /// template when the app starts and by `validate`); `@TemplateIgnored` keeps one for
            /// Swift alone.
            @TemplateModel
            struct Model {
                @TemplateIgnored let book: Book
                let finishURL: String

                var title: String { book.title }
                var author: String { book.author }
                var reading: Bool { !book.finished }
            }
        }

        /// A shelf's heading: its name and how many books it holds.
        struct ShelfHeader {
            let title: String
            let count: Int
        }

        struct ShelfHeaderCell: CellRenderer {
            func viewModel(for header: ShelfHeader) -> Model { Model(header: header) }

            @TemplateModel
            struct Model {
                @TemplateIgnored let header: ShelfHeader

                var title: String { header.title }
                var count: String { header.count == 1 ? "1 book" : "\(header.count) books" }
            }
        }

        """#
    }

    var component: String {
        #"""
        import Tessera

        /// The shelf: books being read and books finished, in two sections, and the action that
        /// finishes one. It loads its own data and can be fetched alone at `/_/shelf`.
        /// Its template is `Views/Books/ShelfComponent.mustache`, found by the type's name.
        @Component
        struct ShelfComponent {
            // MARK: - Configuration

            /// Live: an open page shows a book finished elsewhere (another tab, another member).
            static var live: Bool { true }

            /// `POST <scene>/books/:book/finish`: declared once, a route (`@Component` lists it) and its URLs.
            static let finish = Action("finish", path: "books/:book/finish", ShelfComponent.finish)

            // MARK: - Life cycle

            func load(_ scope: ComponentScope<Self>) async throws -> Model {
                let books = try await BookStore(database: scope.database).all()
                return Model(shelves: try Self.dataSource(books) { scope.url(for: Self.finish, $0) })  // /books/3/finish here
            }

            /// What the template reads.
            @TemplateModel
            struct Model {
                let shelves: SectionedDataSource<StandardSection>
            }

            // MARK: - Actions

            func finish(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
                let id = try context.path.id("book")  // not a number → 404
                guard try await BookStore(database: context.database).markFinished(id) else { throw RequestError.notFound() }
                return .done  // the shelf loads again: the book moved
            }

            // MARK: - Data source

            /// The two sections; throws if a book's type had no cell (shown as this component's error).
            private static func dataSource(_ books: [Book], finishURL: @escaping @Sendable (Int64) -> String) throws
                -> SectionedDataSource<StandardSection>
            {
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
                    ]
                ) {  // the cells that draw them, by type (`@Component` lists them for start-up's check)
                    BookCell(finishURL: finishURL)
                    ShelfHeaderCell()
                }
            }
        }

        """#
    }

    var scene: String {
        #"""
        import Tessera

        /// The first page: the reading list.
        final class ShelfScene: Scene {
            override class var path: String { "/" }
            /// Who may see it and use its shelf: anyone (`.signedIn`, `.role(.admin)` or an
            /// owner's rule narrow it).
            override class var policy: Policy? { .anyone }

            /// The shelf, declared once: its actions are mounted under this scene, and the
            /// template places it as `{{components.shelf}}`.
            override class var composition: [ComponentSlot] {
                [slot("shelf") { _, _ in ShelfComponent() }]
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
                    Preview("three books", id: "shelf", fixtures: BookStore.seed) { ShelfComponent() },
                ]
            }
        }

        """#
    }
}
