import ArgumentParser
import Foundation

// MARK: - ValidateCommand

/// `validate`: checks every template and prints each problem as
/// `Views/path.mustache:LINE:COL: message`; when the templates compile, checks the app's types
/// too (each scene's path, every template a type renders, the keys each template reads against
/// its view model, clashing routes), printing each problem with its Swift type. Keys no
/// template reads are printed as warnings. Exits non-zero if there is any problem.
struct ValidateCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "validate",
            abstract: "Check every template (syntax, HTML, escaping contexts), the templates the code names, and the routes.")
    }

    @OptionGroup var options: AppOptions

    func run() throws {
        do {
            let (library, warnings) = try App().checkWithWarnings(try options.configuration())
            for warning in warnings { print("warning: " + warning) }
            let routes = RouteTable(plans: App().plans).routes.count
            print("\(routes) routes OK")
            print("\(library.names.count) templates OK")
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
