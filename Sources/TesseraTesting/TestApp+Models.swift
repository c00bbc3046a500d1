import Tessera

// MARK: - Models against the database

extension TestApp {
    /// What `tessera migrate --plan` would change in this app's database so that its tables match
    /// its models (`TesseraApp.models`): one line per change, as the command prints it; empty
    /// when every model matches its table. A test that expects it empty after the app's
    /// migrations catches a model and a migration that disagree before `makemigration` would.
    public func pendingModelChanges() async throws -> [String] {
        let models = app.models
        return try await site.database.read { db in try await SchemaPlan.compare(models, with: db) }.changes.map(\.summary)
    }
}
