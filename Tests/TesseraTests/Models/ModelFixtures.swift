import Foundation
import TesseraSQL

// MARK: - Models

/// A class's level: a string-backed enum column.
enum Level: String, SQLColumnValue, CaseIterable {
    case beginner, intermediate, advanced
}

/// Who teaches classes.
@Model
struct Instructor: Sendable, Equatable {
    var id: Int64
    @Column(.unique) var name: String
    var photo: [UInt8]?
}

/// A class: one column of each kind, a reference, an index, a unique column and defaults.
@Model(table: "klass")
struct Klass: Sendable, Equatable {
    var id: Int64
    @Column(.unique) var title: String
    @Column(.indexed) var level: Level = .beginner
    var startsAt: Date
    var capacity: Int = 12
    var booked: Int = 0
    var price: Double
    var isOnline: Bool = false
    @Column(references: Instructor.self, onDelete: .setNull, .indexed) var instructorID: Int64?
    var notes: String?
    /// Not a column.
    var seatsLeft: Int { capacity - booked }
}

/// Who books classes.
@Model
struct Student: Sendable, Equatable {
    @Column(.autoIncrement) var number: Int64
    var name: String
}

/// A booking: the join record between a class and a student, keyed by a code the app gives.
@Model
struct Booking: Sendable, Equatable {
    @Column(.primaryKey) var code: String
    @Column(references: Klass.self, onDelete: .cascade) var classID: Int64
    @Column(references: Student.self, onDelete: .cascade) var studentID: Int64
}

// MARK: - Associations

extension Klass {
    static let instructor = BelongsTo<Klass, Instructor>(\.instructorID)
    static let students = HasManyThrough<Klass, Booking, Student>(\.classID, \.studentID)

    /// A named scope: the classes of a level, soonest first.
    static func of(_ level: Level) -> ModelQuery<Klass> { filter(\.level == level).order(by: \.startsAt) }
}

extension Instructor {
    static let classes = HasMany<Instructor, Klass>(\.instructorID, query: Klass.order(by: \.startsAt))
}

// MARK: - Fixtures

/// The same rows on every database.
enum ModelFixtures {
    /// The tables, made from the models.
    static func migrations(_ migrations: inout Migrations) {
        migrations.register("models.fixtures") { db in
            for model: any SQLModel.Type in [Instructor.self, Klass.self, Student.self, Booking.self] { try await db.createTable(model) }
        }
    }

    static let monday = Date(timeIntervalSince1970: 1_800_000_000)

    /// Three instructors, eight classes, four students and their bookings; returns the
    /// classes' ids in insertion order.
    @discardableResult
    static func insert(in db: SQLConnection) async throws -> [Int64] {
        var instructors: [Int64] = []
        for name in ["Ada", "Grace", "Linus"] {
            instructors.append(try await Instructor(id: 0, name: name, photo: name == "Ada" ? [1, 2, 255] : nil).insert(in: db))
        }
        var classes: [Int64] = []
        for index in 0..<8 {
            let klass = Klass(
                id: 0, title: "Class \(index)", level: Level.allCases[index % 3], startsAt: monday.addingTimeInterval(Double((index * 5) % 8) * 3600),
                capacity: 10 + index, booked: index % 4, price: 7.5 * Double(index + 1), isOnline: index.isMultiple(of: 2),
                instructorID: index == 7 ? nil : instructors[index % 3], notes: index == 3 ? "bring a mat" : nil)
            classes.append(try await klass.insert(in: db))
        }
        var students: [Int64] = []
        for name in ["Ann", "Bob", "Cy", "Di"] { students.append(try await Student(number: 0, name: name).insert(in: db)) }
        for (index, klass) in classes.prefix(5).enumerated() {
            for student in students.prefix(index % 3 + 1) {
                try await Booking(code: "b\(klass)-\(student)", classID: klass, studentID: student).insert(in: db)
            }
        }
        return classes
    }
}
