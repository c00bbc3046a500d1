import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A PostgreSQL server on the same machine is reached through its Unix socket when the URL
/// names the socket's folder (`?host=/folder`), and it is the same database as over TCP.
@Suite("PostgreSQL through its Unix socket")
struct PostgresSocketTests {
    @Test("a database opened through the server's socket reads what TCP wrote, and TCP reads what it wrote")
    func socketAndTCPAreOneDatabase() async throws {
        try await TestDatabases.withNewPostgresDatabase { url in
            let tcp = try await TesseraDatabase.open(try DatabaseLocation(url)) { steps in
                steps.register("notes") { db in try await db.execute("CREATE TABLE note (text TEXT NOT NULL)") }
            }
            defer { tcp.close() }
            let (folders, port, name) = try #require(
                try await tcp.read { db in
                    try await db.fetchOne("SELECT current_setting('unix_socket_directories'), current_setting('port'), current_database()") {
                        row -> (String, String, String) in (try row[0], try row[1], try row[2])
                    }
                })
            guard let folder = folders.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { $0.hasPrefix("/") })
            else {
                Issue.record("the test server has no Unix socket (unix_socket_directories is '\(folders)')")
                return
            }
            let location = try DatabaseLocation("postgres://postgres@/\(name)?host=\(folder)&port=\(port)")
            let socket = try await TesseraDatabase.open(location) { steps in
                steps.register("notes") { db in try await db.execute("CREATE TABLE note (text TEXT NOT NULL)") }
            }
            defer { socket.close() }
            try await tcp.write { db in try await db.execute("INSERT INTO note (text) VALUES ('over TCP')") }
            try await socket.write { db in try await db.execute("INSERT INTO note (text) VALUES ('over the socket')") }
            let expected = ["over TCP", "over the socket"]
            #expect(try await socket.read { try await $0.fetchValues(String.self, "SELECT text FROM note ORDER BY text") } == expected)
            #expect(try await tcp.read { try await $0.fetchValues(String.self, "SELECT text FROM note ORDER BY text") } == expected)
        }
    }
}
