import ArgumentParser

// MARK: - RoutesCommand

/// `routes`: every route the app mounts, one a line: method, path, scene, and the component and
/// action for a `POST`.
struct RoutesCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "routes", abstract: "List every route: method, path, scene, component and action.")
    }

    func run() throws {
        let table = RouteTable(scenes: App().allScenes, statelessScenes: App().statelessScenes)
        print(table.description)
        let clashes = RouteTable.problems(scenes: App().allScenes, statelessScenes: App().statelessScenes)
        if !clashes.isEmpty { throw CommandFailure.report(StartupErrors(problems: clashes)) }
    }
}
