import ArgumentParser

// MARK: - TesseraCommand

/// `tessera`: runs the demo site or checks its templates.
@main
struct TesseraCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Tessera: server-rendered web apps in Swift, and the demo community built on it.",
        subcommands: [ServeCommand.self, ValidateCommand.self],
        defaultSubcommand: ServeCommand.self)
}
