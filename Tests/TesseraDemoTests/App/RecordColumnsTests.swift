import GRDB
import Testing
import TesseraDemo
import TesseraTesting

/// Records decode rows by position, so each table must start with the columns in the order its
/// record reads them.
@Suite("Record columns")
struct RecordColumnsTests {
    @Test(
        "each table's first columns are the ones its record reads, in order",
        arguments: [
            ("user", User.columnOrder), ("photo", Photo.columnOrder), ("blog", Blog.columnOrder), ("draft", Draft.columnOrder),
        ])
    func tableStartsWithRecordColumns(table: String, columns: [String]) async throws {
        let app = try TestApp<DemoApp>()
        let names = try await app.site.database.pool.read { db in
            try db.columns(in: table).map(\.name)
        }
        #expect(Array(names.prefix(columns.count)) == columns)
    }

    @Test("a record read with SELECT * equals the same record read through the query interface")
    func bothWaysOfReadingAgree() async throws {
        let app = try TestApp<DemoApp>()
        try await app.site.database.pool.read { db in
            let blogs = try Blog.fetchAll(db, sql: "SELECT * FROM blog ORDER BY id")
            #expect(!blogs.isEmpty)
            #expect(try Blog.order(Column("id")).fetchAll(db) == blogs)
            let drafts = try Draft.fetchAll(db, sql: "SELECT * FROM draft ORDER BY id")
            #expect(!drafts.isEmpty)
            #expect(try Draft.order(Column("id")).fetchAll(db) == drafts)
            let sql = try Blog.all().makePreparedRequest(db).statement.sql
            #expect(sql.hasPrefix("SELECT \"id\", \"userID\", \"title\""), "the query interface selects the record's columns: \(sql)")
        }
    }
}
