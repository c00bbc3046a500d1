import Foundation
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraDemo

@Suite("TmpBlogProbe")
struct TmpBlogProbeTests {
    @Test func probe() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            for _ in 0..<2 {
                let log = RequestLog()
                _ = try await RequestLog.$current.withValue(log) { try await client.get("/blogs/4", as: session) }
                print("PROBE GET", log.queries, log.components.map { "\($0.id):\($0.queries)" })
            }
            let log = RequestLog()
            _ = try await RequestLog.$current.withValue(log) { try await client.get("/blogs/72") }
            print("PROBE GET visitor", log.queries, log.components.map { "\($0.id):\($0.queries)" })
        }
    }
}
