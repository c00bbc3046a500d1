import Foundation
import Synchronization
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// Every typed query form, on SQLite and PostgreSQL against the same fixtures: each run's
/// answers are checked, and the two databases' answers compared.
@Suite("Typed queries on both databases")
struct ModelQueryTests {
    /// Runs `body` on each database with the fixtures inserted, and expects every database's
    /// answers (`body`'s lines) to be the same.
    private func onEachDatabase(_ body: @escaping (SQLConnection, [Int64]) async throws -> [String]) async throws {
        var answers: [[String]] = []
        try await TestDatabases.each(migrations: ModelFixtures.migrations) { database in
            let classes = try await database.write { db in try await ModelFixtures.insert(in: db) }
            answers.append(try await database.write { db in try await body(db, classes) })
        }
        #expect(!answers.isEmpty)
        for other in answers.dropFirst() { #expect(other == answers[0], "PostgreSQL answers as SQLite does") }
    }

    @Test("filter, order, limit, offset, first, count and exists")
    func readingForms() async throws {
        try await onEachDatabase { db, _ in
            let beginners = try await Klass.filter(\.level == .beginner).order(by: \.startsAt).all(in: db)
            #expect(beginners.map(\.title) == ["Class 0", "Class 6", "Class 3"])
            let page = try await Klass.order(by: \.price, .descending).limit(3).offset(2).all(in: db)
            #expect(page.map(\.title) == ["Class 5", "Class 4", "Class 3"])
            let skipped = try await Klass.order(by: \.price).offset(6).all(in: db)
            #expect(skipped.map(\.title) == ["Class 6", "Class 7"])
            let first = try await Klass.filter(\.price > 20).order(by: \.price).first(in: db)
            #expect(first?.title == "Class 2")
            #expect(try await Klass.filter(\.capacity >= 15).count(in: db) == 3)
            #expect(try await Klass.filter(\.title == "Class 9").exists(in: db) == false)
            #expect(try await Klass.filter(\.isOnline == true).exists(in: db))
            #expect(try await Klass.of(.advanced).all(in: db).map(\.title) == ["Class 5", "Class 2"])
            return beginners.map(\.title) + page.map(\.title) + [first?.title ?? "-"]
        }
    }

    @Test("comparisons, and, or, not, in, nil, like and two columns")
    func predicates() async throws {
        try await onEachDatabase { db, _ in
            var lines: [String] = []
            func check(_ predicate: SQLPredicate<Klass>, _ expected: [String]) async throws {
                let found = try await Klass.filter(predicate).order(by: \.id).all(in: db).map(\.title)
                #expect(found == expected, "\(predicate.sql)")
                lines.append(found.joined(separator: ","))
            }
            try await check(\.capacity != 10 && \.capacity < 13, ["Class 1", "Class 2"])
            try await check(\.capacity <= 10 || \.capacity > 16, ["Class 0", "Class 7"])
            try await check(!(\.price >= 15), ["Class 0"])
            try await check(.isIn(\.level, [.advanced, .intermediate]) && \.booked == 1, ["Class 1", "Class 5"])
            try await check(.isIn(\.id, [Int64]()), [])
            try await check(.isNil(\.instructorID), ["Class 7"])
            try await check(\.instructorID == nil, ["Class 7"])
            try await check(\.notes != nil, ["Class 3"])
            try await check(.isNotNil(\.notes), ["Class 3"])
            try await check(.like(\.title, "Class _") && \.startsAt < ModelFixtures.monday.addingTimeInterval(3600), ["Class 0"])
            try await check(\.booked == \.capacity, [])
            try await check(\.booked < \.capacity && \.isOnline == false && .sql(#""price" > ?"#, [40]), ["Class 5", "Class 7"])
            return lines
        }
    }

    @Test("a cursor after a row continues the order, ties broken by the primary key")
    func cursor() async throws {
        try await onEachDatabase { db, _ in
            var seen: [String] = []
            var query = Klass.order(by: \.isOnline).order(by: \.capacity, .descending).limit(3)
            while true {
                let page = try await query.all(in: db)
                guard let last = page.last else { break }
                seen += page.map(\.title)
                query = Klass.order(by: \.isOnline).order(by: \.capacity, .descending).limit(3).after(last)
            }
            #expect(seen == ["Class 7", "Class 5", "Class 3", "Class 1", "Class 6", "Class 4", "Class 2", "Class 0"])
            let byBooked = try await Klass.order(by: \.booked).order(by: \.id).all(in: db)
            let rest = try await Klass.order(by: \.booked).order(by: \.id).after(byBooked[1]).all(in: db)
            #expect(rest.map(\.id) == Array(byBooked.dropFirst(2)).map(\.id), "equal keys: the primary key decides")
            return seen
        }
    }

    @Test("sum, min, max, average and count by group")
    func aggregates() async throws {
        try await onEachDatabase { db, _ in
            #expect(try await Klass.query.sum(\.capacity, in: db) == 108)
            #expect(try await Klass.query.sum(\.price, in: db) == 270)
            #expect(try await Klass.filter(\.capacity > 100).sum(\.capacity, in: db) == nil)
            #expect(try await Klass.query.min(\.startsAt, in: db) == ModelFixtures.monday)
            #expect(try await Klass.query.max(\.title, in: db) == "Class 7")
            #expect(try await Klass.filter(\.level == .beginner).average(\.capacity, in: db) == 13)
            let groups = try await Klass.query.count(groupedBy: \.level, in: db)
            #expect(groups.map(\.value) == [.advanced, .beginner, .intermediate])
            #expect(groups.map(\.count) == [2, 3, 3])
            return groups.map { "\($0.value)=\($0.count)" }
        }
    }

    @Test("insert returns the new key; update, delete and upsert by record")
    func recordWrites() async throws {
        try await onEachDatabase { db, _ in
            var klass = Klass(id: 0, title: "Pilates", startsAt: ModelFixtures.monday, price: 9.5)
            klass.id = try await klass.insert(in: db)
            #expect(klass.id == 9)
            #expect(try await Klass.find(klass.id, in: db) == klass, "the defaults and nil came back")
            klass.capacity = 30
            klass.notes = "upstairs"
            #expect(try await klass.update(in: db))
            #expect(try await Klass.find(klass.id, in: db)?.notes == "upstairs")
            var renamed = klass
            renamed.id = 999
            renamed.capacity = 4
            #expect(try await renamed.upsert(in: db, onConflict: \Klass.title) == klass.id, "the unique column's row was updated")
            #expect(try await Klass.find(klass.id, in: db)?.capacity == 4)
            let booking = Booking(code: "walk-in", classID: klass.id, studentID: 1)
            #expect(try await booking.upsert(in: db) == "walk-in")
            #expect(try await Booking(code: "walk-in", classID: klass.id, studentID: 2).upsert(in: db) == "walk-in")
            #expect(try await Booking.find("walk-in", in: db)?.studentID == 2)
            #expect(try await klass.delete(in: db))
            #expect(try await klass.delete(in: db) == false)
            #expect(try await Booking.find("walk-in", in: db) == nil, "the reference cascades")
            return ["\(klass.id)"]
        }
    }

    @Test("update and delete by query, with typed assignments; a conditional update cannot overbook")
    func queryWrites() async throws {
        try await onEachDatabase { db, classes in
            let changed = try await Klass.filter(\.level == .advanced).update([.set(\.notes, "advanced"), .increment(\.capacity, by: 2)], in: db)
            #expect(changed == 2)
            #expect(try await Klass.filter(\.notes == "advanced").sum(\.capacity, in: db) == 31)
            let full = classes[0]
            try await Klass.filter(\.id == full).update([.set(\.booked, 9)], in: db)
            var booked: [Int] = []
            for _ in 0..<3 { booked.append(try await Klass.filter(\.id == full && \.booked < \.capacity).update([.increment(\.booked, by: 1)], in: db)) }
            #expect(booked == [1, 0, 0], "the tenth seat booked once")
            let locked = try await Klass.filter(\.id == full).forUpdate().first(in: db)
            #expect(locked?.booked == 10)
            #expect(try await Klass.filter(\.instructorID == nil).delete(in: db) == 1)
            #expect(try await Klass.query.count(in: db) == 7)
            return booked.map(String.init)
        }
    }

    @Test("FOR UPDATE is said on PostgreSQL only; offset without limit on SQLite says LIMIT -1")
    func dialectClauses() {
        let query = Klass.filter(\.id == 1).offset(3).forUpdate()
        #expect(query.select("*", in: .postgres).sql == #"SELECT * FROM "klass" WHERE "id" = ? OFFSET ? FOR UPDATE"#)
        #expect(query.select("*", in: .sqlite).sql == #"SELECT * FROM "klass" WHERE "id" = ? LIMIT -1 OFFSET ?"#)
    }
}
