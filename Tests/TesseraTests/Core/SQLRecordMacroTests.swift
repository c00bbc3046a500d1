import Foundation
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import TesseraMacros
import TesseraTesting
import Testing

@testable import Tessera

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
