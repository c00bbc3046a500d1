import Foundation
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import TesseraMacros
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

// MARK: - Records

/// A record whose columns are its stored properties: the computed, static and valued `let`
/// ones are not columns.
@SQLRecord
struct MacroLoan: Sendable, Equatable {
    var id: Int64
    var title: String
    var dueAt: Date?
    var returned: Bool
    let kind = "loan"
    static let table = "loan"
    var isLate: Bool { dueAt.map { $0 < Date() } ?? false }
}

/// A borrower's name, read beside a loan across a join.
@SQLRecord
struct MacroBorrower: Sendable, Equatable {
    var name: String?
    var loans: Int
}

// MARK: - Tests

/// `@SQLRecord` names a record's columns once, by its stored properties, and reads a row by
/// position on both databases.
@Suite("@SQLRecord")
struct SQLRecordMacroTests {
    @Test("the columns are the stored properties, in order; the struct keeps its memberwise initializer")
    func columnsAreTheStoredProperties() {
        #expect(MacroLoan.columnNames == ["id", "title", "dueAt", "returned"])
        #expect(MacroLoan.columns == "id, title, dueAt, returned")
        #expect(MacroLoan.columns(of: "l") == "l.id, l.title, l.dueAt, l.returned")
        let loan = MacroLoan(id: 1, title: "Dune", dueAt: nil, returned: false)
        #expect(loan.title == "Dune")
    }

    @Test("rows decode by position alike on SQLite and PostgreSQL, NULL into an optional")
    func rowsDecode() async throws {
        try await TestDatabases.each(migrations: { migrations in
            migrations.register("loans") { db in
                try await db.execute("CREATE TABLE loan (id BIGINT PRIMARY KEY, title TEXT NOT NULL, dueAt \(db.dialect.timestamp), returned BOOLEAN NOT NULL)")
            }
        }) { database in
            let due = Date(timeIntervalSince1970: 1_800_000_000)
            try await database.write { db in
                try await db.execute("INSERT INTO loan VALUES (1, 'Dune', ?, FALSE), (2, 'Emma', NULL, TRUE)", [due])
            }
            let loans = try await database.read { db in
                try await db.fetchAll(MacroLoan.self, "SELECT \(MacroLoan.columns) FROM loan ORDER BY id")
            }
            #expect(loans == [MacroLoan(id: 1, title: "Dune", dueAt: due, returned: false), MacroLoan(id: 2, title: "Emma", dueAt: nil, returned: true)])
        }
    }

    @Test("a joined row reads as its records, one after another, alike on SQLite and PostgreSQL")
    func joinedRowsReadAsRecords() async throws {
        try await TestDatabases.each(migrations: { migrations in
            migrations.register("loans") { db in
                try await db.execute("CREATE TABLE loan (id BIGINT PRIMARY KEY, title TEXT NOT NULL, dueAt \(db.dialect.timestamp), returned BOOLEAN NOT NULL)")
                try await db.execute("CREATE TABLE borrower (loanID BIGINT NOT NULL, name TEXT NOT NULL)")
            }
        }) { database in
            try await database.write { db in
                try await db.execute("INSERT INTO loan VALUES (1, 'Dune', NULL, FALSE), (2, 'Emma', NULL, TRUE)")
                try await db.execute("INSERT INTO borrower VALUES (2, 'Ann')")
            }
            let rows = try await database.read { db in
                try await db.fetchAll(
                    """
                    SELECT \(MacroLoan.columns(of: "l")), b.name, (SELECT COUNT(*) FROM borrower) FROM loan l
                    LEFT JOIN borrower b ON b.loanID = l.id ORDER BY l.id
                    """
                ) { row in try row.records(MacroLoan.self, MacroBorrower.self) }
            }
            #expect(rows.map(\.0.title) == ["Dune", "Emma"])
            #expect(rows.map(\.1) == [MacroBorrower(name: nil, loans: 1), MacroBorrower(name: "Ann", loans: 1)])
            for (ids, titles) in [([Int64(2), 3], ["Emma"]), ([1, 2], ["Dune", "Emma"]), ([], [])] {
                var arguments: SQLArguments = ["Zed"]
                let sql = "SELECT title FROM loan WHERE title <> ? AND id IN (\(arguments.appendList(ids))) ORDER BY id"
                let found = try await database.read { db in try await db.fetchValues(String.self, sql, arguments) }
                #expect(found == titles, "IN \(ids)")
            }
        }
    }

    @Test("the expansion: an extension with the conformance, the names and a positional init")
    func expansion() {
        assertMacroExpansion(
            "@SQLRecord\npublic struct Book {\n    public var id: Int64\n    var title: String { \"x\" }\n    public var author: String\n}",
            expandedSource: """
                public struct Book {
                    public var id: Int64
                    var title: String { "x" }
                    public var author: String
                }

                extension Book: SQLRecord {
                    /// The columns `init(row:)` reads, in order: the stored properties, as `@SQLRecord` found them.
                    public static let columnNames: [String] = ["id", "author"]

                    /// Reads a row whose first columns are `columnNames`, in that order.
                    public init(row: SQLRow) throws {
                        self.id = try row[0]
                        self.author = try row[1]
                    }
                }
                """,
            macroSpecs: ["SQLRecord": MacroSpec(type: SQLRecordMacro.self, conformances: ["SQLRecord"])],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }

    @Test("on a class, the macro is an error saying where it applies")
    func classIsRefused() {
        assertMacroExpansion(
            "@SQLRecord\nclass Book {}",
            expandedSource: "class Book {}",
            diagnostics: [DiagnosticSpec(message: "@SQLRecord applies to a struct, whose stored properties are its columns", line: 1, column: 1)],
            macroSpecs: ["SQLRecord": MacroSpec(type: SQLRecordMacro.self, conformances: ["SQLRecord"])],
            failureHandler: { Issue.record("\($0.message)") }
        )
    }
}
