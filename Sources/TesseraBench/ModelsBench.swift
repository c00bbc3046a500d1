import ArgumentParser
import Foundation
import Tessera

// MARK: - ModelsBench

/// `tessera-bench models`: a typed query and its records' decoding beside the hand-written SQL
/// and row decoding it replaces, side by side in one run, on SQLite (or `--db`'s PostgreSQL):
/// a page of 20 rows by an indexed column in an order, and one row by its key.
struct ModelsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models", abstract: "Typed query + decoding beside hand-written SQL + decoding, in one run.")

    @Option(help: "The database: a SQLite path (default a new temporary file) or a postgres:// URL.")
    var db: String?

    @Option(help: "Statements per round and way.")
    var statements = 20_000

    @Option(help: "Rounds; each runs every way in turn, and the median is printed.")
    var rounds = 7

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-models-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = try db.map { try DatabaseLocation($0) } ?? .sqlite(path: folder.appendingPathComponent("bench.sqlite").path)
        let database = try await TesseraDatabase.open(location) { migrations in
            migrations.register("bench.models") { db in
                try await db.execute(#"DROP TABLE IF EXISTS "benchclass""#)
                try await db.createTable(BenchClass.self)
            }
        }
        defer { database.close() }
        try await database.write { db in
            try await db.execute(#"DELETE FROM "benchclass""#)
            for index in 0..<1_000 {
                let level = BenchClass.Level.allCases[index % 3]
                try await BenchClass(id: 0, title: "Class \(index)", level: level, startsAt: Date(timeIntervalSince1970: Double(index) * 3600), capacity: index % 30, price: Double(index) / 4)
                    .insert(in: db)
            }
        }
        let ways: [(String, @Sendable (SQLConnection) async throws -> Int)] = [
            ("page, hand-written", { db in
                try await db.fetchAll(
                    HandClass.self, #"SELECT "id", "title", "level", "startsat", "capacity", "price" FROM "benchclass" WHERE "level" = ? ORDER BY "startsat" LIMIT ?"#,
                    ["beginner", 20]
                ).count
            }),
            ("page, typed", { db in try await BenchClass.filter(\.level == .beginner).order(by: \.startsAt).limit(20).all(in: db).count }),
            ("by key, hand-written", { db in
                try await db.fetchOne(HandClass.self, #"SELECT "id", "title", "level", "startsat", "capacity", "price" FROM "benchclass" WHERE "id" = ?"#, [500]) == nil ? 0 : 1
            }),
            ("by key, typed", { db in try await BenchClass.find(500, in: db) == nil ? 0 : 1 }),
        ]
        var results: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for (name, body) in ways { results[name, default: []].append(try await measure(database, body)) }
        }
        print("\(database.dialect), \(rounds) rounds of \(statements) statements; medians")
        print("way".padding(toLength: 24, withPad: " ", startingAt: 0), "µs/statement".leftPadded(14), "× hand-written".leftPadded(16))
        func median(_ name: String) -> Double { (results[name] ?? [0]).sorted()[(results[name]?.count ?? 1) / 2] }
        for (name, _) in ways {
            let hand = median(name.replacingOccurrences(of: "typed", with: "hand-written"))
            print(name.padding(toLength: 24, withPad: " ", startingAt: 0), String(format: "%14.2f", median(name)), String(format: "%16.3f", median(name) / hand))
        }
    }

    /// µs per statement: ``statements`` runs of `body`, a hundred to a read.
    private func measure(_ database: TesseraDatabase, _ body: @Sendable (SQLConnection) async throws -> Int) async throws -> Double {
        let start = ContinuousClock.now
        var rows = 0
        for _ in 0..<(statements / 100) {
            rows += try await database.read { db in
                var rows = 0
                for _ in 0..<100 { rows += try await body(db) }
                return rows
            }
        }
        precondition(rows > 0)
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(statements / 100 * 100)
    }
}

// MARK: - Records

/// The benchmark's model.
@Model
struct BenchClass: Sendable {
    enum Level: String, SQLColumnValue, CaseIterable { case beginner, intermediate, advanced }

    var id: Int64
    var title: String
    @Column(.indexed) var level: Level
    var startsAt: Date
    var capacity: Int
    var price: Double
}

/// The same row, decoded by hand-written SQL.
@SQLRecord
struct HandClass: Sendable {
    var id: Int64
    var title: String
    var level: BenchClass.Level
    var startsAt: Date
    var capacity: Int
    var price: Double
}
