import ArgumentParser

// MARK: - MigrateCommand

/// `migrate`: opens the database (creating it if needed), applies every pending migration and
/// the seed — holding the migration lock, so it is safe beside running processes — and says
/// what it applied now (or that nothing was pending). Run it before a rollout. With `--plan`,
/// it then prints what would change to bring the tables to the app's models
/// (``TesseraApp/models``), and nothing when they match; `makemigration` writes that change.
struct MigrateCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "migrate", abstract: "Create the database if needed and apply every pending migration.")
    }

    @OptionGroup var options: AppOptions

    @Flag(help: "Then print what would change to bring the tables to the app's models (nothing when they match); change nothing for it.")
    var plan = false

    func run() async throws {
        do {
            let configuration = try options.configuration()
            let database = try await App().openDatabase(configuration)
            defer { database.close() }
            let now = database.appliedWhenOpened
            let all = try await Migrations.applied(in: database)
            if now.isEmpty {
                print("\(database.location): up to date, nothing to apply (\(all.count) migrations applied before)")
            } else {
                print("\(database.location): applied \(now.count) migration\(now.count == 1 ? "" : "s") now, \(all.count) in all")
                for identifier in now { print("  \(identifier)") }
            }
            if plan {
                let models = App().models
                let changes = try await database.read { db in try await SchemaPlan.compare(models, with: db) }.changes
                print(changes.isEmpty ? "models: in sync (\(models.count) tables)" : "models: \(changes.count) to change (makemigration writes them)")
                for change in changes { print("  \(change.summary)") }
            }
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
