import Tessera
import Testing
import TesseraTesting

@testable import TesseraDemo

/// Records decode rows by position, so each table must start with the columns in the order its
/// record reads them, on SQLite and PostgreSQL alike.
@Suite("Record columns")
struct RecordColumnsTests {
    @Test(
        "each table's first columns are the ones its record reads, in order, on both databases",
        arguments: [
            ("user", User.columnNames), ("photo", Photo.columnNames), ("blog", Blog.columnNames), ("draft", Draft.columnNames),
            ("comment", Comment.columnNames), ("priority", Priority.columnNames), ("message", Message.columnNames),
            ("conversation", Conversation.columnNames),
        ])
    func tableStartsWithRecordColumns(table: String, columns: [String]) async throws {
        try await DemoDatabases.empty { database in
            let names = try await database.read { db in try await DemoDatabases.columns(of: table, in: db) }
            // SQLite keeps the names as created; PostgreSQL folds them to lower case.
            #expect(Array(names.prefix(columns.count)).map { $0.lowercased() } == columns.map { $0.lowercased() }, "\(database.dialect)")
        }
    }

    @Test("a record read with SELECT * equals the same record read through its column list, on both databases")
    func bothWaysOfReadingAgree() async throws {
        try await DemoDatabases.seeded { database in
            try await database.read { db in
                let blogs = try await db.fetchAll(Blog.self, "SELECT * FROM blog ORDER BY id")
                #expect(blogs.count == 72)
                #expect(try await db.fetchAll(Blog.self, "SELECT \(Blog.columns) FROM blog ORDER BY id") == blogs)
                let drafts = try await db.fetchAll(Draft.self, "SELECT * FROM draft ORDER BY id")
                #expect(drafts.count == 3)
                #expect(try await db.fetchAll(Draft.self, "SELECT \(Draft.columns) FROM draft ORDER BY id") == drafts)
                let users = try await db.fetchAll(User.self, "SELECT * FROM \(User.table) ORDER BY id")
                #expect(try await db.fetchAll(User.self, "SELECT \(User.qualifiedColumns) FROM \(User.table) ORDER BY id") == users)
            }
            #expect(Blog.columns.hasPrefix("id, userID, title"), "the column list is the record's columns: \(Blog.columns)")
        }
    }
}
