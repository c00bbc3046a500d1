import ArgumentParser

// MARK: - RoutesCommand

/// `routes`: every route the app mounts, one a line: method, path, who may use it, scene, and the
/// component and action for a `POST`; then the routes serving stored files
/// (``TesseraApp/fileRoutes``).
struct RoutesCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "routes", abstract: "List every route: method, path, policy, scene, component and action.")
    }

    func run() throws {
        let plans = App().plans
        print(RouteTable(plans: plans, fileRoutes: App().fileRoutes).description)
        let clashes = RouteTable.problems(plans: plans)
        if !clashes.isEmpty { throw CommandFailure.report(StartupErrors(problems: clashes)) }
    }
}
