import Foundation
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// The dev overlay's figures on each component's root: present in development, absent in
/// production.
@Suite("Dev overlay")
struct DevOverlayTests {
    @Test("in development every component's root carries its load time, SQL count and budget")
    func devPagesCarryTheFigures() async throws {
        let app = try await TestApp<DemoApp>(root: TestSite.repository) { configuration in
            configuration.now = { TestSite.now }
            configuration.isDevelopment = true
        }
        try await app.test { client in
            let page = try await client.get("/users/2")
            #expect(page.status == .ok)
            let components = page.select("[data-component]")
            #expect(components.count >= 2)
            for component in components {
                #expect(Int(component.attributes["data-tessera-sql"] ?? "") != nil, "\(component.attributes)")
                #expect(Double(component.attributes["data-tessera-ms"] ?? "") != nil)
                #expect(component.attributes["data-tessera-budget"] == "5")
            }
            let list = try #require(page.select("#blog-list").first)
            #expect(Int(list.attributes["data-tessera-sql"] ?? "") ?? 0 >= 1, "the blog list reads the database")
        }
    }

    @Test("in production no component carries the overlay's figures")
    func productionPagesCarryNone() async throws {
        try await TestSite().test { client in
            let page = try await client.get("/users/2")
            #expect(page.status == .ok)
            #expect(!page.select("[data-component]").isEmpty)
            #expect(page.select("[data-tessera-sql]").isEmpty)
            #expect(!page.text.contains("data-tessera-ms"))
        }
    }
}
