import Tessera

// MARK: - ToolshedApp

/// The smallest app around the Guide's form: one scene holding it, the table it writes and the
/// route its photos are served from.
struct ToolshedApp: TesseraApp {
    var name: String { "Toolshed" }
    var scenes: [Scene.Type] { [NewListingScene.self] }
    var fileRoutes: [FileRoute] { [ListingFormComponent.photos] }

    func migrations(_ migrations: inout Migrations) {
        migrations.register("toolshed.v1") { db in
            try await db.execute("CREATE TABLE listing (id \(db.dialect.autoIncrementPrimaryKey), name TEXT NOT NULL, notes TEXT NOT NULL, photoURL TEXT)")
        }
    }
}

// MARK: - NewListingScene

/// `GET /` (its form posts to the same address): the listing form alone.
final class NewListingScene: Scene {
    override class var path: String { "/" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("listing-form") { _, _ in ListingFormComponent() }] }
}
