import Foundation
import GRDB
import Hummingbird
import Logging
import Tessera

// MARK: - DemoApp

/// The demo blogging community: builds the site, its router and the Hummingbird application.
/// Tests call the same functions the `tessera` command does.
public enum DemoApp {
    /// Every scene of the app, mounted in this order.
    static var scenes: [Scene.Type] { [SignInScene.self] + contentScenes + profileScenes + messagingScenes }

    /// Scenes without sessions (no forms, no signed-in view).
    static let statelessScenes: [Scene.Type] = [FortunesScene.self]

    // MARK: - Building

    /// Opens the database (creating and seeding it on first run), loads and checks the
    /// templates, and returns the site. Throws ``TemplateErrors`` for a bad template.
    public static func makeSite(_ configuration: DemoConfiguration, logger: Logger) throws -> Site {
        let templates = try TemplateLibrary.load(directory: URL(fileURLWithPath: configuration.viewsDirectory))
        let database = try TesseraDatabase(path: configuration.databasePath, migrations: DemoMigrations.register)
        let environment = DemoEnvironment(now: configuration.now, uploadsDirectory: configuration.uploadsDirectory)
        return Site(
            configuration: configuration.site, templates: templates, database: database, logger: logger,
            services: [environment], globals: CurrentUserGlobals.values)
    }

    /// The router: middleware, the dev server's routes when `reloader` is given, then every
    /// scene's routes from its declarations.
    public static func makeRouter(site: Site, reloader: DevReloader? = nil) -> Router<TesseraRequestContext> {
        let router = Router(context: TesseraRequestContext.self)
        site.addMiddleware(to: router)
        if let reloader { DevRoutes.mount(reloader, on: router) }
        let uploads = site.service(DemoEnvironment.self)?.uploadsDirectory ?? DemoConfiguration().uploadsDirectory
        UploadsController.mount(on: router, uploadsDirectory: uploads)
        for scene in statelessScenes { site.mount(scene, on: router) }
        let withSessions = site.sessionRoutes(on: router)
        for scene in scenes { site.mount(scene, on: withSessions) }
        return router
    }

    /// The whole application, ready to run.
    public static func buildApplication(_ configuration: DemoConfiguration, logger: Logger) throws
        -> some ApplicationProtocol
    {
        let site = try makeSite(configuration, logger: logger)
        let reloader = configuration.isDevelopment ? DevReloader(site: site) : nil
        return Application(
            router: makeRouter(site: site, reloader: reloader),
            configuration: .init(
                address: .hostname(configuration.hostname, port: configuration.port), serverName: site.configuration.name),
            services: site.backgroundServices + (reloader.map { [$0] } ?? []),
            logger: logger)
    }
}
