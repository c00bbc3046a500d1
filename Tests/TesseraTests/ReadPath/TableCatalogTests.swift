import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// What a statement read is the app tables it names, whatever store wrote it.
@Suite("Tables a statement reads")
struct TableCatalogTests {
    private static func catalog() -> TableCatalog {
        let catalog = TableCatalog()
        catalog.load(tables: ["user", "comment", "Fortune"], views: ["recent_posts"])
        return catalog
    }

    @Test("tables are named plainly, quoted in any style and in any case; string literals and comments name none")
    func namesAreReadAsSQLDoes() throws {
        let catalog = Self.catalog()
        let user = try #require(catalog.table(named: "user"))
        let comment = try #require(catalog.table(named: "COMMENT"))
        let fortune = try #require(catalog.table(named: "fortune"))
        #expect(Set([user, comment, fortune].map(\.bits)).count == 3, "each table its own bit")
        #expect(catalog.tables(in: "SELECT * FROM \"user\" u JOIN comment c ON c.userID = u.id") == user.union(comment))
        #expect(catalog.tables(in: "SELECT message FROM Fortune") == fortune)
        #expect(catalog.tables(in: "SELECT 'comment', \"it's\" FROM [user] -- comment\n") == user)
        #expect(catalog.tables(in: "SELECT 1 /* FROM comment */ FROM `user`") == user)
        #expect(catalog.tables(in: "SELECT 'a '' comment' FROM tessera_sessions") == .none, "Tessera's own tables are no app table")
    }

    @Test("a view stands for every table, and an unloaded catalog reads every table")
    func viewsAndUnloadedCatalogsReadEverything() {
        #expect(Self.catalog().tables(in: "SELECT * FROM recent_posts") == .all)
        #expect(TableCatalog().tables(in: "SELECT * FROM comment") == .all)
    }

    @Test("past 63 tables, the rest share the last bit, so none is missed")
    func manyTablesShareTheLastBit() throws {
        let catalog = TableCatalog()
        let names = (0..<70).map { "t\($0 + 100)" }
        catalog.load(tables: names, views: [])
        let last = try #require(catalog.table(named: "t169"))
        #expect(catalog.table(named: "t165") == last)
        #expect(catalog.table(named: "t100") != last)
    }

    @Test("a table's change ends what read it and only that; the generation never goes down")
    func versionsDecideStaleness() {
        var versions = DataVersions()
        let (a, b) = (TableSet(bits: 1), TableSet(bits: 2))
        versions.raise(to: 5, changed: [(a, 5)])
        #expect(versions.isUnchanged(b, since: 1))
        #expect(!versions.isUnchanged(a, since: 4))
        #expect(versions.isUnchanged(a, since: 5))
        #expect(!versions.isUnchanged(.all, since: 4))
        let rose = versions.raise(to: 3, changed: [(a, 3)])
        #expect(!rose, "an older look changes nothing")
        #expect(versions.generation == 5)
    }
}
