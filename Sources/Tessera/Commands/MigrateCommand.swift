import ArgumentParser

// MARK: - MigrateCommand

/// `migrate`: opens the database (creating it if needed), applies every pending migration and
/// the seed — holding the migration lock, so it is safe beside running processes — and lists
/// what is applied. Run it before a rollout.
struct MigrateCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "migrate", abstract: "Create the database if needed and apply every pending migration.")
    }

    @OptionGroup var options: AppOptions

    func run() async throws {
        do {
            let configuration = try options.configuration()
            let database = try await App().openDatabase(configuration)
            defer { database.close() }
            let applied = try await Migrations.applied(in: database)
            print("\(database.location): \(applied.count) migrations applied")
            for identifier in applied { print("  \(identifier)") }
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
