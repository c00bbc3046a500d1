import Foundation

// MARK: - NewAppTemplate

/// The files `tessera new` writes: a small reading-list app, complete and tested.
struct NewAppTemplate {
    /// The package, executable and folder name (`BookClub`).
    let name: String
    /// The Tessera checkout the package depends on.
    let tesseraPath: String

    /// The app's type (`BookClubApp`).
    var appType: String { name + "App" }
    /// The site's name in titles (`Book Club`).
    var title: String {
        var result = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { result.append(" ") }
            result.append(character)
        }
        return result
    }
    /// The dependency's package identity: the checkout folder's name, lowercased.
    var packageIdentity: String { URL(fileURLWithPath: tesseraPath).lastPathComponent.lowercased() }

    /// Every file, by path relative to the package.
    var files: [(String, String)] {
        [
            ("Package.swift", package), ("README.md", readme), (".gitignore", gitignore),
            ("Sources/\(name)/\(appType).swift", app),
            ("Sources/\(name)/Books/Book.swift", book), ("Sources/\(name)/Books/BookStore.swift", store),
            ("Sources/\(name)/Books/BookCell.swift", cells), ("Sources/\(name)/Books/ShelfComponent.swift", component),
            ("Sources/\(name)/Books/ShelfScene.swift", scene),
            ("Views/Books/ShelfScene.mustache", sceneTemplate), ("Views/Books/ShelfComponent.mustache", "{{shelves}}\n"),
            ("Views/Books/ShelfHeaderCell.mustache", headerTemplate), ("Views/Books/BookCell.mustache", cellTemplate),
            ("Public/css/app.css", css),
            ("Tests/\(name)Tests/ShelfTests.swift", tests),
            ("Tests/\(name)Tests/__Snapshots__/ShelfTests/shelf.html", snapshot),
        ]
    }

    // MARK: - Package

    var package: String {
        #"""
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "\#(name)",
            platforms: [.macOS(.v14)],
            dependencies: [
                .package(path: "\#(tesseraPath)"),
            ],
            targets: [
                .executableTarget(
                    name: "\#(name)",
                    dependencies: [.product(name: "Tessera", package: "\#(packageIdentity)")]
                ),
                .testTarget(
                    name: "\#(name)Tests",
                    dependencies: ["\#(name)", .product(name: "TesseraTesting", package: "\#(packageIdentity)")],
                    exclude: ["__Snapshots__"]
                ),
            ]
        )

        """#
    }

    var readme: String {
        #"""
        # \#(title)

        A reading list built with [Tessera](\#(tesseraPath)): one page (`ShelfScene`) holding one
        component (`ShelfComponent`) that lists books in two sections and marks one finished.

        Serve it (creates `data/tessera.sqlite` with three books on first run; `--dev` reloads
        templates as you edit them), then open http://127.0.0.1:8080:

        ```sh
        swift run \#(name) serve --dev
        ```

        Test it (an HTML snapshot of the shelf lives in `Tests/\#(name)Tests/__Snapshots__`;
        re-record with `TESSERA_RECORD_SNAPSHOTS=1 swift test`):

        ```sh
        swift test
        ```

        `swift run \#(name) --help` lists the rest: `validate`, `routes`, `migrate`.

        """#
    }

    var gitignore: String {
        """
        .build/
        .swiftpm/
        /data/
        /Package.resolved

        """
    }

    // MARK: - Sources

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

    // MARK: - Views

    var sceneTemplate: String {
        """
        <h1>Reading list</h1>
        {{components.shelf}}

        """
    }

    var headerTemplate: String {
        """
        <h2>{{title}} <span class="count">{{count}}</span></h2>

        """
    }

    var cellTemplate: String {
        """
        <article class="book"><span class="title">{{title}}</span> <span class="author">by {{author}}</span>{{#reading}} <form method="post" action="{{finishURL}}" data-tessera-fragment><input type="hidden" name="_csrf" value="{{csrfToken}}"><button type="submit">Finished</button></form>{{/reading}}</article>

        """
    }

    var css: String {
        """
        body { font-family: system-ui, sans-serif; margin: 0; line-height: 1.5; color: #1d1d1f; }
        .site-header, .site-footer, .page { max-width: 40rem; margin: 0 auto; padding: 1rem; }
        .brand { font-weight: 700; text-decoration: none; color: inherit; }
        .book { display: flex; gap: 0.5rem; align-items: baseline; padding: 0.25rem 0; }
        .book form { margin-left: auto; }
        .count, .author, .empty-state, .site-footer { color: #6e6e73; }

        """
    }

    // MARK: - Tests

    var tests: String {
        #"""
        import Testing
        import TesseraTesting

        @testable import \#(name)

        @Suite("Reading list")
        struct ShelfTests {
            @Test("the first page shows the books on two shelves")
            func firstPageShowsTheShelves() async throws {
                try await TestApp<\#(appType)>().test { client in
                    let page = try await client.get("/")
                    #expect(page.status == .ok)
                    #expect(page.select("title").first?.text == "Reading list · \#(title)")
                    #expect(page.select("#reading .book .title").map(\.text) == ["Middlemarch", "The Left Hand of Darkness"])
                    #expect(page.select("#finished .book .title").map(\.text) == ["Invisible Cities"])
                }
            }

            @Test("finishing a book moves it to the finished shelf, in place")
            func finishingMovesTheBook() async throws {
                try await TestApp<\#(appType)>().test { client in
                    let visitor = try await client.visit("/")
                    let response = try await client.post("/books/1/finish", as: visitor, fragment: true)
                    #expect(response.status == .ok)
                    #expect(response.select("#reading .book .title").map(\.text) == ["Middlemarch"])
                    #expect(response.select("#finished .book").count == 2)
                    let again = try await client.post("/books/1/finish", as: visitor, fragment: true)
                    #expect(again.status == .notFound, "a finished book cannot be finished twice")
                }
            }

            @Test("the shelf renders in one query, as in its snapshot")
            func shelfRendersInOneQuery() async throws {
                let app = try TestApp<\#(appType)>()
                defer { app.removeFiles() }
                let shelf = try await app.render(ShelfComponent(id: "shelf"))
                #expect(shelf.queryCount == 1)
                Snapshot.expectMatch(shelf.html, named: "shelf")
            }
        }

        """#
    }

    /// The shelf's snapshot as the generated code renders it.
    var snapshot: String {
        #"""
        <section id="shelf" data-component="shelf" data-src="/_/shelf">
        <section class="section" id="reading">
        <h2>Reading <span class="count">2 books</span>
        </h2>
        <div class="section-items" data-items>
        <article class="book">
        <span class="title">Middlemarch</span> <span class="author">by George Eliot</span> <form method="post" action="/books/2/finish" data-tessera-fragment>
        <input type="hidden" name="_csrf" value="">
        <button type="submit">Finished</button>
        </form>
        </article>
        <article class="book">
        <span class="title">The Left Hand of Darkness</span> <span class="author">by Ursula K. Le Guin</span> <form method="post" action="/books/1/finish" data-tessera-fragment>
        <input type="hidden" name="_csrf" value="">
        <button type="submit">Finished</button>
        </form>
        </article>
        </div>
        </section>
        <section class="section" id="finished">
        <h2>Finished <span class="count">1 book</span>
        </h2>
        <div class="section-items" data-items>
        <article class="book">
        <span class="title">Invisible Cities</span> <span class="author">by Italo Calvino</span>
        </article>
        </div>
        </section>
        </section>

        """#
    }
}
