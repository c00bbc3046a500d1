import ArgumentParser
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// An app that adds a command of its own.
struct ReportingApp: TesseraApp {
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "report")
    }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var commands: [any ParsableCommand.Type] { [Report.self] }
}

/// An app's command line: Tessera's commands and the app's own, and not the tool that starts
/// apps.
@Suite("App command line")
struct CommandLineTests {
    private func names<App: TesseraApp>(_ app: App.Type) -> [String] {
        TesseraCommand<App>.configuration.subcommands.map { $0.configuration.commandName ?? "" }
    }

    @Test("an app's command line is serve, validate, routes, migrate, makemigration, generate, jobs, roles and doctor, then its own commands; no new")
    func appCommands() {
        #expect(names(FixtureApp.self) == ["serve", "validate", "routes", "migrate", "makemigration", "generate", "jobs", "roles", "doctor"])
        #expect(names(ReportingApp.self) == ["serve", "validate", "routes", "migrate", "makemigration", "generate", "jobs", "roles", "doctor", "report"])
    }
}
