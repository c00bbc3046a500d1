import ArgumentParser

// MARK: - RoutesCommand

/// `routes`: every route the app mounts, one a line: method, path, scene, and the component and
/// action for a `POST`.
struct RoutesCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "routes", abstract: "List every route: method, path, scene, component and action.")
    }

    func run() throws {
        let plans = App().plans
        print(RouteTable(plans: plans).description)
        let clashes = RouteTable.problems(plans: plans)
        if !clashes.isEmpty { throw CommandFailure.report(StartupErrors(problems: clashes)) }
    }
}
