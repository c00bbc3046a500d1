import ArgumentParser
import Foundation

// MARK: - ValidateCommand

/// `validate`: checks every template and prints each problem as
/// `Views/path.mustache:LINE:COL: message`; when the templates compile, checks the app's code
/// too (each scene's path, the templates the code names, clashing routes), printing each
/// problem with its Swift type and file. Exits non-zero if there is any.
struct ValidateCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "validate",
            abstract: "Check every template (syntax, HTML, escaping contexts), the templates the code names, and the routes.")
    }

    @OptionGroup var options: AppOptions

    func run() throws {
        do {
            let library = try App().check(try options.configuration())
            let routes = RouteTable(scenes: App().scenes, statelessScenes: App().statelessScenes).routes.count
            print("\(routes) routes OK")
            print("\(library.names.count) templates OK")
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
