import ArgumentParser
import Foundation

// MARK: - TesseraCommand

/// The command line of an app: `serve` (the default), `validate`, `routes`, `migrate`,
/// `makemigration`, `generate`, `jobs`, `roles`, `doctor`, then the app's own ``TesseraApp/commands``. An app gets it
/// from ``TesseraApp/main()``.
struct TesseraCommand<App: TesseraApp>: AsyncParsableCommand {
    /// The subcommands; named after the running executable.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent,
            abstract: "\(App().name), a Tessera app.",
            subcommands: [
                ServeCommand<App>.self, ValidateCommand<App>.self, RoutesCommand<App>.self, MigrateCommand<App>.self,
                MakeMigrationCommand<App>.self, GenerateCommand<App>.self, JobsCommand<App>.self, RolesCommand<App>.self,
                DoctorCommand<App>.self,
            ] + App().commands,
            defaultSubcommand: ServeCommand<App>.self)
    }

    /// The command.
    init() {}
}

// MARK: - Reporting

/// Prints start-up failures the way every command reports them, and exits non-zero.
enum CommandFailure {
    /// Writes `error` to standard error when it is one Tessera explains (templates, start-up
    /// problems, configuration); returns the exit code to end with.
    static func report(_ error: any Error) -> any Error {
        switch error {
        case let errors as TemplateErrors: write(errors.description)
        case let errors as StartupErrors: write(errors.description)
        case let error as ConfigurationError: write(error.description)
        default: return error
        }
        return ExitCode.failure
    }

    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
