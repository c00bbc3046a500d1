import ArgumentParser
import Foundation

// MARK: - MakeMigrationCommand

/// `makemigration`: opens the database (applying the registered migrations, as `migrate`
/// does), compares its tables with the app's models (``TesseraApp/models``) and writes the
/// migration that brings them there as a Swift file, for the developer to review and register.
/// It never applies that migration.
struct MakeMigrationCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "makemigration", abstract: "Write the migration from the database's tables to the app's models, as a Swift file.")
    }

    @OptionGroup var options: AppOptions

    @Option(help: "The folder the file is written in (default Migrations).")
    var output = "Migrations"

    @Option(help: "The migration's type name (default Migration followed by the date and time, UTC).")
    var name: String?

    func run() async throws {
        do {
            let database = try await App().openDatabase(try options.configuration())
            defer { database.close() }
            let models = App().models
            let plan = try await database.read { db in try await SchemaPlan.compare(models, with: db) }
            guard !plan.isEmpty else {
                print("models: in sync (\(models.count) tables), no migration to write")
                return
            }
            let stamp = Self.stamp(Date())
            let typeName = name ?? "Migration" + stamp
            let migration = WrittenMigration(plan, identifier: "models." + stamp, typeName: typeName)
            let folder = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(typeName + ".swift")
            guard !FileManager.default.fileExists(atPath: file.path) else {
                throw ValidationError("\(file.path) exists already: give another --name")
            }
            try Data(migration.source.utf8).write(to: file)
            print("wrote \(file.path): \(plan.changes.count) change\(plan.changes.count == 1 ? "" : "s")")
            for change in plan.changes { print("  \(change.summary)") }
            print("review it, then add to migrations(_:): \(typeName).register(in: &migrations)")
        } catch {
            throw CommandFailure.report(error)
        }
    }

    /// `20261207131500`: the date and time in UTC, for the identifier and type name.
    static func stamp(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return [parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!]
            .enumerated().map { $0.offset == 0 ? String($0.element) : String(format: "%02d", $0.element) }.joined()
    }
}
