import Tessera

// MARK: - FortuneStore

/// Reads fortunes; the benchmark's rule (add one, sort by message) lives here, not in the scene.
struct FortuneStore {
    let database: CountingDatabase

    /// Every stored fortune plus the request-time one, sorted by message (in code, one query).
    func fortunesForDisplay() async throws -> [Fortune] {
        var fortunes = try await database.read { db in try await db.fetchAll(Fortune.self, "SELECT id, message FROM Fortune") }
        fortunes.append(.additional)
        fortunes.sort { $0.message < $1.message }
        return fortunes
    }

    /// Creates the table and stores the benchmark's twelve rows.
    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("demo.fortunes.v1") { db in
            try await db.execute("CREATE TABLE Fortune (id BIGINT PRIMARY KEY, message TEXT NOT NULL)")
            for (index, message) in seed.enumerated() {
                try await db.execute("INSERT INTO Fortune (id, message) VALUES (?, ?)", [index + 1, message])
            }
        }
    }

    /// The twelve messages of the benchmark, ids 1…12.
    static let seed = [
        "fortune: No such file or directory",
        "A computer scientist is someone who fixes things that aren't broken.",
        "After enough decimal places, nobody gives a damn.",
        "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1",
        "A computer program does what you tell it to do, not what you want it to do.",
        "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen",
        "Any program that runs right is obsolete.",
        "A list is only as strong as its weakest link. — Donald Knuth",
        "Feature: A bug with seniority.",
        "Computers make very fast, very accurate mistakes.",
        "<script>alert(\"This should not be displayed in a browser alert box.\");</script>",
        "フレームワークのベンチマーク",
    ]
}
