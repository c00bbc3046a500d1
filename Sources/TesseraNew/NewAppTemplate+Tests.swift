// MARK: - Tests

/// The generated app's tests and snapshot.
extension NewAppTemplate {
    var tests: String {
        #"""
        import Foundation
        import Tessera
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
                let app = try await TestApp<\#(appType)>()
                defer { app.removeFiles() }
                let shelf = try await app.render(ShelfComponent(), id: "shelf")
                #expect(shelf.queryCount == 1)
                Snapshot.expectMatch(shelf.html, named: "shelf")
            }

            @Test("a visitor signs up, is signed in, signs out, and signs in again")
            func membersSignUpInAndOut() async throws {
                try await TestApp<\#(appType)>().test { client in
                    let signUp = try await client.get("/signup")
                    let created = try await client.submit(
                        "form", on: signUp, [("username", "ada"), ("displayName", "Ada"), ("password", "analytical-engine")])
                    #expect(created.status == .seeOther)
                    let ada = try await client.session(after: created)  // its cookie, and the token its pages carry
                    let home = try await client.get("/", as: ada)
                    #expect(home.select(".account").first?.text.hasPrefix("Ada") == true)
                    let signedOut = try await client.submit(#"form[action="/signin/signout"]"#, on: home, as: ada)
                    #expect(signedOut.status == .seeOther)
                    #expect(try await client.get("/", as: ada).select(".account a").map(\.text) == ["Sign in", "Create an account"])
                    let signIn = try await client.get("/signin")
                    let back = try await client.submit("form", on: signIn, [("username", "ada"), ("password", "analytical-engine")])
                    #expect(back.status == .seeOther)
                }
            }

            @Test("a member confirms their address, forgets their password and sets a new one through the mailed link")
            func forgottenPasswordIsReset() async throws {
                let app = try await TestApp<\#(appType)>()
                try await app.test { client in
                    let signUp = try await client.get("/signup")
                    let fields = [("username", "ada"), ("displayName", "Ada"), ("email", "ada@example.com"), ("password", "analytical-engine")]
                    let ada = try await client.session(after: try await client.submit("form", on: signUp, fields))
                    try await app.runJobs()
                    let confirmation = try #require(app.mails.last)
                    let confirmPage = try await client.get(try Self.path(in: confirmation), as: ada)
                    #expect(try await client.submit("main form", on: confirmPage, as: ada).status == .seeOther)

                    let forgot = try await client.get("/account/forgot")
                    #expect(try await client.submit("form", on: forgot, [("email", "ada@example.com")]).status == .seeOther)
                    try await app.runJobs()
                    let reset = try #require(app.mails.last)
                    #expect(reset.subject == "Choose a new password")
                    let resetPage = try await client.get(try Self.path(in: reset))
                    let done = try await client.submit("form", on: resetPage, [("password", "difference-engine"), ("confirm", "difference-engine")])
                    #expect(done.status == .seeOther)
                    let signIn = try await client.get("/signin")
                    let back = try await client.submit("form", on: signIn, [("username", "ada"), ("password", "difference-engine")])
                    #expect(back.status == .seeOther)
                    let again = try await client.submit("form", on: resetPage, [("password", "a-third-password"), ("confirm", "a-third-password")])
                    #expect(again.status == .badRequest, "a link works once")
                }
            }

            /// The path and query of the link in `mail`'s text.
            static func path(in mail: Mail) throws -> String {
                let link = try #require(mail.text.split(separator: "\n").first { $0.hasPrefix("http") })
                let url = try #require(URLComponents(string: String(link)))
                return url.path + "?" + (url.query ?? "")
            }

            @Test("a wrong password is refused with 400, the username kept, and no session")
            func wrongPasswordIsRefused() async throws {
                try await TestApp<\#(appType)>().test { client in
                    let signIn = try await client.get("/signin")
                    let refused = try await client.submit("form", on: signIn, [("username", "nobody"), ("password", "not-the-password")])
                    #expect(refused.status == .badRequest)
                    #expect(refused.select(".error-summary[role=alert] p").map(\.text) == ["That username and password do not match."])
                    #expect(refused.select("input[name=username]").first?[attribute: "value"] == "nobody")
                    #expect(!refused.headers[values: .setCookie].contains { $0.hasPrefix("tessera_session=") })
                }
            }

            @Test("the store reads and writes alike on SQLite and on PostgreSQL (TESSERA_TEST_POSTGRES)")
            func storeRunsOnBothDatabases() async throws {
                try await TestDatabases.each(migrations: { \#(appType)().migrations(&$0) }) { database in
                    try await database.write { db in try await BookStore.seed(db) }
                    let store = BookStore(database: database.counting(into: QueryCounter()))
                    #expect(try await store.all().map(\.title) == ["Invisible Cities", "Middlemarch", "The Left Hand of Darkness"])
                    #expect(try await store.markFinished(2))
                    #expect(try await !store.markFinished(2), "a finished book cannot be finished twice")
                    #expect(try await store.all().filter(\.finished).count == 2)
                }
            }

            @Test("every preview matches its snapshot")
            func everyPreviewMatchesItsSnapshot() async throws {
                await PreviewSnapshots.expectAllMatch(try TestApp<\#(appType)>())
            }
        }

        """#
    }

    /// The shelf's snapshot as the generated code renders it.
    var snapshot: String {
        #"""
        <section id="shelf" data-component="shelf" data-src="/_/shelf" data-tessera-live-since="GENERATION">
        <section class="section" id="reading">
        <h2>Reading <span class="count">2 books</span>
        </h2>
        <div class="section-items" data-items>
        <article class="book">
        <span class="title">Middlemarch</span> <span class="author">by George Eliot</span> <form method="post" action="/books/2/finish">
        <input type="hidden" name="_csrf" value="CSRF-TOKEN">
        <input type="hidden" name="_once" value="ONCE-TOKEN">
        <input type="hidden" name="_back" value="/">
        <button type="submit">Finished</button>
        </form>
        </article>
        <article class="book">
        <span class="title">The Left Hand of Darkness</span> <span class="author">by Ursula K. Le Guin</span> <form method="post" action="/books/1/finish">
        <input type="hidden" name="_csrf" value="CSRF-TOKEN">
        <input type="hidden" name="_once" value="ONCE-TOKEN">
        <input type="hidden" name="_back" value="/">
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
