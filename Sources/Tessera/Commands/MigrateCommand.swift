import ArgumentParser
import GRDB

// MARK: - MigrateCommand

/// `migrate`: creates the database if needed, runs every migration not yet applied (Tessera's,
/// the app's, then the seed), and prints what the database has applied.
struct MigrateCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "migrate", abstract: "Create the database if needed and apply every pending migration.")
    }

    @OptionGroup var options: AppOptions

    func run() throws {
        do {
            let configuration = try options.configuration()
            let database = try App().openDatabase(configuration)
            let applied = try database.pool.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            }
            print("\(configuration.databasePath): \(applied.count) migrations applied")
            for identifier in applied { print("  \(identifier)") }
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
