import Foundation
import Tessera
import Testing
import TesseraTesting

@testable import TesseraDemo

/// The demo's members, posts and comments are models (`@Model`) over the tables its migrations
/// made.
@Suite("The demo's models and back office")
struct DemoModelsTests {
    @Test("the models match the migrated tables: migrate --plan finds nothing to change, on both databases")
    func modelsMatchTheMigrations() async throws {
        try await TestSite.onEachDatabase { site in
            let plan = try await site.site.database.read { db in try await SchemaPlan.compare(DemoApp().models, with: db) }
            #expect(plan.isEmpty, "\(site.site.database.dialect): \(plan.changes)")
        }
    }
}
