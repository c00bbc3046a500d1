#if PostgreSQL
import ArgumentParser
import Foundation
import Logging
import PostgresNIO
import Tessera

// MARK: - StatementsBench

/// `tessera-bench statements --db URL`: what one small read costs on PostgreSQL, through
/// Tessera's store API and through postgres-nio by hand, side by side in one run. `--tasks`
/// concurrent tasks each run the same one-row `SELECT` in a loop for `--seconds`; printed are
/// statements per second and the CPU each statement cost this process and the PostgreSQL
/// server's processes (read from `/proc`), so the client's share and the server's are apart.
/// Nothing of HTTP runs: this is the floor under every page's statements.
struct StatementsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statements", abstract: "Cost of one small read on PostgreSQL: Tessera's store API beside postgres-nio by hand.")

    @Option(help: "A postgres:// URL (its database gets Tessera's own tables if it lacks them).")
    var db: String

    @Option(help: "The same server reached another way (say its Unix socket, postgres://USER@/DB?host=/folder&port=N), measured by hand too.")
    var also: String?

    @Option(help: "Concurrent tasks.")
    var tasks = 32

    @Option(help: "Seconds per run.")
    var seconds = 3.0

    @Option(help: "Rounds; each runs both ways in turn, and the median is printed.")
    var rounds = 3

    func run() async throws {
        guard let location = try? DatabaseLocation(db), case .postgres = location else { throw ValidationError("--db must be a postgres:// URL") }
        let database = try await TesseraDatabase.open(location)
        let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let client = try PeerServer.client(db, pool: 10, logger: logger)
        let running = Task { await client.run() }
        defer { running.cancel() }

        let tessera: @Sendable () async throws -> Void = {
            _ = try await database.read { db in
                try await db.fetchValue(Int64.self, "SELECT value FROM tessera_generation WHERE id = ?", [1])
            }
        }
        let byHand: @Sendable () async throws -> Void = {
            for try await _ in try await client.execute(Generation(id: 1), logger: logger) {}
        }
        // A page's components load side by side, each in a child task with its own lease.
        let fourAtOnce: @Sendable () async throws -> Void = {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { try await tessera() } }
                try await group.waitForAll()
            }
        }
        let fourInTurn: @Sendable () async throws -> Void = {
            for _ in 0..<4 { try await tessera() }
        }
        var ways: [(String, Int, @Sendable () async throws -> Void)] = [
            ("postgres-nio by hand", 1, byHand), ("Tessera read", 1, tessera), ("4 reads side by side", 4, fourAtOnce),
            ("4 reads in turn", 4, fourInTurn),
        ]
        var alsoRunning: Task<Void, Never>?
        if let also {
            let other = try PeerServer.client(also, pool: 10, logger: logger)
            alsoRunning = Task { await other.run() }
            ways.append(("by hand, --also URL", 1, { for try await _ in try await other.execute(Generation(id: 1), logger: logger) {} }))
        }
        defer { alsoRunning?.cancel() }
        var results: [String: [Sample]] = [:]
        for _ in 0..<rounds {
            for (name, statements, body) in ways {
                results[name, default: []].append(try await measure(statements: statements, body))
            }
        }
        print("\(tasks) tasks, \(rounds) rounds of \(seconds) s; medians")
        print("way".padding(toLength: 24, withPad: " ", startingAt: 0), "statements/s".leftPadded(14), "client µs/stmt".leftPadded(16), "server µs/stmt".leftPadded(16))
        for (name, _, _) in ways {
            let samples = results[name] ?? []
            func median(_ value: (Sample) -> Double) -> Double { samples.map(value).sorted()[samples.count / 2] }
            print(
                name.padding(toLength: 24, withPad: " ", startingAt: 0), String(format: "%14.0f", median(\.perSecond)), String(format: "%16.1f", median(\.clientMicros)),
                String(format: "%16.1f", median(\.serverMicros)))
        }
        database.close()
    }

    // MARK: - Measuring

    struct Sample {
        let perSecond: Double
        let clientMicros: Double
        let serverMicros: Double
    }

    /// Runs `body` (which runs `statements` statements) from ``tasks`` tasks for ``seconds``.
    private func measure(statements: Int, _ body: @escaping @Sendable () async throws -> Void) async throws -> Sample {
        let deadline = ContinuousClock.now + .seconds(seconds)
        let (client0, server0, start) = (PagesBench.processCPUMicros(), Self.serverCPUMicros(), ContinuousClock.now)
        let count = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var done = 0
                    while ContinuousClock.now < deadline {
                        try await body()
                        done += 1
                    }
                    return done
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = ContinuousClock.now - start
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let n = Double(max(1, count * statements))
        return Sample(
            perSecond: n / wall, clientMicros: (PagesBench.processCPUMicros() - client0) / n,
            serverMicros: (Self.serverCPUMicros() - server0) / n)
    }

    /// The CPU time so far of every process named `postgres` on this machine, in µs.
    private static func serverCPUMicros() -> Double {
        let ticksPerMicrosecond = Double(sysconf(Int32(_SC_CLK_TCK))) / 1e6
        var total = 0.0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where entry.allSatisfy(\.isNumber) {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), stat[stat.index(after: stat.firstIndex(of: "(")!)..<close] == "postgres"
            else { continue }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            // After the name: state is field 3 of stat(5); utime and stime are 14 and 15.
            if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) { total += (user + system) / ticksPerMicrosecond }
        }
        return total
    }

    /// The same `SELECT`, prepared once per connection by postgres-nio.
    struct Generation: PostgresPreparedStatement {
        static let sql = "SELECT value FROM tessera_generation WHERE id = $1"
        typealias Row = Int64
        let id: Int64
        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(id)
            return bindings
        }
        func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
    }
}
#endif
