import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// Associations load a whole list's records in one statement per level, on both databases, and
/// the query counter sees the one-statement-per-row form a missing load falls back to.
@Suite("Associations loaded in batches")
struct ModelAssociationTests {
    @Test("belongs-to, has-many and many-to-many: one statement per level")
    func oneStatementPerLevel() async throws {
        var answers: [[String]] = []
        try await TestDatabases.each(migrations: ModelFixtures.migrations) { database in
            try await database.write { db in _ = try await ModelFixtures.insert(in: db) }
            let counter = QueryCounter()
            let lines = try await database.counting(into: counter).read { db in
                let classes = try await Klass.order(by: \.startsAt).all(in: db)
                let instructors = try await Klass.instructor.load(for: classes, in: db)
                let students = try await Klass.students.load(for: classes, in: db)
                #expect(counter.value == 3, "the classes, their instructors, their students")
                let taught = try await Instructor.classes.load(for: Array(instructors.values), in: db)
                #expect(counter.value == 4)
                #expect(instructors.count == 3)
                #expect(taught.values.map(\.count).sorted() == [2, 2, 3])
                #expect(students[classes.first { $0.title == "Class 2" }!.id]?.map(\.name) == ["Ann", "Bob", "Cy"])
                #expect(students[classes.first { $0.title == "Class 6" }!.id] == nil, "no bookings")
                return classes.map { klass in
                    let teacher = klass.instructorID.flatMap { instructors[$0]?.name } ?? "-"
                    let names = students[klass.id]?.map(\.name).joined(separator: "+") ?? ""
                    return "\(klass.title): \(teacher) \(names)"
                }
            }
            #expect(lines.first == "Class 0: Ada Ann")
            answers.append(lines)
        }
        for other in answers.dropFirst() { #expect(other == answers[0]) }
    }

    @Test("loading for no records runs no statement; the per-row form is counted as it runs")
    func budgetSeesTheDifference() async throws {
        try await TestDatabases.onSQLite(migrations: ModelFixtures.migrations) { database in
            try await database.write { db in _ = try await ModelFixtures.insert(in: db) }
            let counter = QueryCounter()
            try await database.counting(into: counter).read { db in
                #expect(try await Klass.instructor.load(for: [], in: db).isEmpty)
                #expect(counter.value == 0)
                let classes = try await Klass.query.all(in: db)
                for klass in classes {
                    if let id = klass.instructorID { _ = try await Instructor.find(id, in: db) }
                }
                #expect(counter.value == 8, "one per class with an instructor, and the list: a budget of 2 fails")
            }
        }
    }
}
