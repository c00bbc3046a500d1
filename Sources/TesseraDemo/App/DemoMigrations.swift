import GRDB

// MARK: - DemoMigrations

/// The app's migrations, in order; each feature's store registers its own tables and seed.
enum DemoMigrations {
    /// Registers every migration of the app.
    static func register(_ migrator: inout DatabaseMigrator) {
        FortuneStore.registerMigration(in: &migrator)
    }
}
