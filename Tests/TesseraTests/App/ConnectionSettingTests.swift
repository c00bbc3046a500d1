import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The connection cap and the head deadline: set by `TESSERA_MAX_CONNECTIONS` /
/// `--max-connections` and `TESSERA_CONNECTION_TIMEOUT` / `--connection-timeout`, refused out of
/// range naming the setting; the default cap keeps a reserve below the open-file limit; the
/// count never passes the cap however many event loops admit at once.
@Suite("Connection settings")
struct ConnectionSettingTests {
    // MARK: - Parsing

    @Test("the environment sets the cap and the timeout, and the flags win over it", arguments: [
        ([String: String](), [String](), nil as Int?, Duration.seconds(30)),
        (["TESSERA_MAX_CONNECTIONS": "500", "TESSERA_CONNECTION_TIMEOUT": "2.5"], [], 500, .milliseconds(2500)),
        (["TESSERA_MAX_CONNECTIONS": "500", "TESSERA_CONNECTION_TIMEOUT": "2.5"], ["--max-connections", "7", "--connection-timeout", "90"], 7,
         .seconds(90)),
        ([:], ["--max-connections=1048576", "--connection-timeout=0.001"], 1_048_576, .milliseconds(1)),
    ])
    func settings(_ input: ([String: String], [String], Int?, Duration)) throws {
        let configuration = try AppOptions.parse(input.1).configuration(environment: input.0)
        #expect(configuration.maxConnections == input.2)
        #expect(configuration.connectionTimeout == input.3)
        #expect(!configuration.raisesOpenFileLimit, "only serve raises the process's limit")
    }

    @Test("a cap that is not 1 to 1048576 is refused, naming the setting", arguments: ["0", "-3", "1048577", "many", "2.5"])
    func refusedCaps(_ value: String) throws {
        let error = #expect(throws: ConfigurationError.self) {
            try TesseraConfiguration.fromEnvironment(["TESSERA_MAX_CONNECTIONS": value])
        }
        #expect(error?.message.hasPrefix("TESSERA_MAX_CONNECTIONS") == true)
        if let number = Int(value) {
            let options = try AppOptions.parse(["--max-connections=\(number)"])
            #expect(throws: (any Error).self) { try options.configuration(environment: [:]) }
        }
    }

    @Test("a timeout that is not more than 0 and at most 86400 seconds is refused, naming the setting",
          arguments: ["0", "-1", "86401", "soon", "nan", "inf"])
    func refusedTimeouts(_ value: String) throws {
        let error = #expect(throws: ConfigurationError.self) {
            try TesseraConfiguration.fromEnvironment(["TESSERA_CONNECTION_TIMEOUT": value])
        }
        #expect(error?.message.hasPrefix("TESSERA_CONNECTION_TIMEOUT") == true)
        let options = try AppOptions.parse(["--connection-timeout=\(value)"])
        #expect(throws: (any Error).self) { try options.configuration(environment: [:]) }
    }

    // MARK: - The default cap

    @Test("the default cap is the file limit less max(128, limit / 8) and the database's connections, at least 1", arguments: [
        (1024, 0, 896), (1024, 10, 886), (4096, 0, 3584), (65536, 10, 57334), (1_048_576, 0, 917_504), (100, 0, 1), (1024, 1000, 1),
    ])
    func defaultCap(_ input: (Int, Int, Int)) {
        #expect(TesseraConfiguration.defaultMaxConnections(openFileLimit: input.0, databaseConnections: input.1) == input.2)
    }

    @Test("the database's connections count a PostgreSQL URL's pool, and nothing for SQLite")
    func databaseConnections() {
        var configuration = TesseraConfiguration()
        #expect(ConnectionCap.databaseConnections(configuration) == 0)
        configuration.databasePath = "postgres://app@db.internal/app"
        #expect(ConnectionCap.databaseConnections(configuration) == 10)
        configuration.databasePath = "postgres://app@db.internal/app?pool=40"
        #expect(ConnectionCap.databaseConnections(configuration) == 40)
    }

    @Test("the open-file limit reads, and is never raised past the hard limit or the ceiling")
    func openFileLimit() throws {
        let limit = try #require(OpenFileLimit.current())
        #expect(limit.soft > 0)
        if let hard = limit.hard { #expect(limit.soft <= hard) }
        #expect(OpenFileLimit.ceiling <= 1 << 20)
        #expect(OpenFileLimit.ceiling <= OpenFileLimit.kernelMaximum ?? Int.max)
    }

    // MARK: - Counting

    @Test("admitting from many threads at once never passes the cap, and releasing makes room again")
    func admitting() async {
        let connections = OpenConnections(cap: 100)
        let admitted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<50).reduce(0) { count, _ in count + (connections.admit() ? 1 : 0) } }
            }
            return await group.reduce(0, +)
        }
        #expect(admitted == 100)
        #expect(connections.current == 100)
        #expect(!connections.admit())
        connections.release()
        #expect(connections.admit())
        #expect(OpenConnections(cap: 0).cap == 1)
    }

    @Test("refusals are reported for the first one, then at most once every 10 s with the count since, on a refusal or a release")
    func refusalReports() {
        let connections = OpenConnections(cap: 1)
        let second: UInt64 = 1_000_000_000
        #expect(connections.refused(now: 5 * second) == 1)
        #expect(connections.refused(now: 6 * second) == nil)
        #expect(connections.refused(now: 14 * second) == nil)
        #expect(connections.refused(now: 15 * second) == 3)
        #expect(connections.refused(now: 16 * second) == nil)
        #expect(connections.dueReport(now: 20 * second) == nil, "not due yet")
        #expect(connections.dueReport(now: 25 * second) == 1, "a release after the flood reports its last refusals")
        #expect(connections.dueReport(now: 40 * second) == nil, "nothing refused since")
    }
}
