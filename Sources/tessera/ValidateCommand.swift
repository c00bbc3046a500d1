import ArgumentParser
import Foundation
import Tessera

// MARK: - ValidateCommand

/// `tessera validate`: checks every template and prints each problem as
/// `Views/path.mustache:LINE:COL: message`; exits non-zero if there is any.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check every template (Mustache syntax, HTML structure, escaping contexts).")

    @Option(help: "The folder of Mustache templates.")
    var views = "Views"

    func run() throws {
        do {
            let library = try TemplateLibrary.load(directory: URL(fileURLWithPath: views))
            print("\(library.names.count) templates OK")
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
