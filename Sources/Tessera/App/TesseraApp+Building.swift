import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

// MARK: - Building

extension TesseraApp {
    /// The site's settings for `configuration`: name, mode and folders from it, the declared
    /// ``layout`` (or Tessera's), then the app's ``configure(_:for:)``.
    package func siteConfiguration(_ configuration: TesseraConfiguration) -> SiteConfiguration {
        var site = SiteConfiguration()
        site.name = name
        site.defaultLayout = layout ?? BuiltInTemplates.layout
        site.layoutComposition = layoutComposition
        site.isDevelopment = configuration.isDevelopment
        site.publicDirectory = configuration.publicDirectory
        site.viewsDirectory = configuration.viewsDirectory
        site.clientAddressHeader = configuration.clientAddressHeader
        site.usesTLS = configuration.usesTLS
        site.compressesResponses = configuration.compressesResponses
        site.timeZone = configuration.timeZone
        site.logFormat = configuration.logFormat
        site.errorReporters = errorReporters
        site.metrics = configuration.metricsPort != nil
        site.tracer = configuration.tracer
        if let retention = configuration.failedJobRetention { site.failedJobRetention = retention }
        if !configuration.reusesFragments { site.fragmentCacheLimit = 0 }
        site.members = members
        site.backOffice = backOffice
        site.signInPath = members?.signInPath
        site.jobs = jobs
        site.schedules = schedules
        if let workers = configuration.jobWorkers { site.jobWorkers = workers }
        if let streams = configuration.liveStreamsPerViewer { site.maxLiveStreamsPerViewer = streams }
        if let streams = configuration.liveStreamsPerAddress { site.maxLiveStreamsPerAddress = streams }
        if let lease = configuration.jobLease { site.jobLease = lease }
        site.publicURL = configuration.resolvedPublicURL
        if let host = URLComponents(string: site.publicURL)?.host, MailAddress("no-reply@" + host) != nil { site.mailDomain = host }
        site.mailFrom = configuration.mailFrom
        if let smtp = configuration.smtpServer {
            site.mailDelivery = .smtp(smtp)
        } else if configuration.isDevelopment || configuration.catchesMail {
            site.mailDelivery = .caught
        }
        configure(&site, for: configuration)
        return site
    }

    /// Checks everything that can be checked without a database — templates, the scenes'
    /// declarations, every template a scene, component, cell or layout renders, the keys each
    /// template reads against its view model, clashing routes — and returns the templates.
    ///
    /// Throws `TemplateErrors` for a template that does not compile, then
    /// `StartupErrors` for everything else (each naming the Swift type, and the template's
    /// `file:line:column` for a key). Keys no template reads are warnings: see
    /// `checkWithWarnings(_:)`.
    public func check(_ configuration: TesseraConfiguration) throws -> TemplateLibrary {
        try checkWithWarnings(configuration).templates
    }

    /// ``check(_:)``, also returning the warnings (keys a view model declares that no template
    /// reads), which `validate` prints and start-up logs.
    ///
    /// When every template compiled and only a template check failed (a form without its CSRF
    /// token), the app's types are still checked, and every problem of both is thrown at once.
    package func checkWithWarnings(_ configuration: TesseraConfiguration) throws -> (templates: TemplateLibrary, warnings: [String]) {
        let templates: TemplateLibrary
        var templateErrors: TemplateErrors?
        do {
            templates = try TemplateLibrary.load(directory: URL(fileURLWithPath: configuration.viewsDirectory))
        } catch {
            guard let compiled = error.compiled else { throw error }
            (templates, templateErrors) = (compiled, error)
        }
        let check = StartupCheck(
            scenes: allScenes + statelessScenes, site: siteConfiguration(configuration), templates: templates,
            appGlobals: Globals.self, layoutOwner: String(describing: Self.self), mails: mails + (members?.mails ?? []))
        let (problems, warnings, found) = check.run()
        let all = TypeLocator.locate(
            problems + membersProblems + (backOffice?.problems ?? []) + scheduleProblems + RouteTable.problems(plans: plans) + compositionProblems(templates))
        if let templateErrors {
            guard !all.isEmpty else { throw templateErrors }
            let fromTemplates = templateErrors.diagnostics.map {
                StartupProblem(file: "\($0.file):\($0.line):\($0.column)", type: "", message: $0.message)
            }
            throw StartupErrors(problems: fromTemplates + all)
        }
        guard all.isEmpty else { throw StartupErrors(problems: all) }
        return (templates.resolving(found), warnings)
    }

    /// Components the scenes' templates and the layout place that no composition declares.
    private func compositionProblems(_ templates: TemplateLibrary) -> [StartupProblem] {
        let check = CompositionCheck(scenes: allScenes + statelessScenes, templates: templates)
        let layoutProblems = layout.map { check.problems(ofLayout: $0, slots: layoutComposition, owner: String(describing: Self.self)) }
        return check.problems() + (layoutProblems ?? [])
    }

    /// Schedules whose cron line cannot be read, and names used twice.
    private var scheduleProblems: [StartupProblem] {
        var seen: Set<String> = []
        return schedules.compactMap { schedule in
            if let problem = schedule.problem { return StartupProblem(file: nil, type: "Schedule \"\(schedule.name)\"", message: "\(problem)") }
            guard seen.insert(schedule.name).inserted else {
                return StartupProblem(file: nil, type: "Schedule \"\(schedule.name)\"", message: "is declared twice; give each schedule its own name")
            }
            return nil
        }
    }

    /// Members' pages listed without ``members`` to run them, one problem each.
    private var membersProblems: [StartupProblem] {
        guard members == nil else { return [] }
        return (scenes + statelessScenes).filter { $0 is MemberPageScene.Type }.map {
            StartupProblem(
                file: nil, type: String(describing: $0),
                message: "is a members' page, but \(Self.self) declares no `members` (add `var members: Members? { Members() }`)")
        }
    }

    /// The plans of its scenes, read from their declarations: the stateless ones first, as
    /// they are mounted.
    /// ``backOffice``'s pages are planned at its own path, under its role.
    var plans: [ScenePlan] {
        RouteTable.plans(scenes: appAndMemberScenes, statelessScenes: statelessScenes, layoutComposition: layoutComposition)
            + (backOffice?.plans(layoutComposition: layoutComposition) ?? [])
    }

    /// The scenes with sessions: ``scenes``, then ``members``' pages the app does not list itself,
    /// then ``backOffice``'s.
    public var allScenes: [Scene.Type] { appAndMemberScenes + (backOffice?.scenes.map { $0 as Scene.Type } ?? []) }

    /// ``scenes``, then ``members``' pages the app does not list itself.
    private var appAndMemberScenes: [Scene.Type] { scenes + (members?.scenes ?? []).filter { kit in !scenes.contains { $0 == kit } } }

    /// Opens the database ``TesseraConfiguration/databasePath`` names (a SQLite path, or a
    /// `postgres://` URL): Tessera's migrations, then ``migrations(_:)``, then ``seed(_:)`` once;
    /// then checks that ``members``' table has the columns it names, and that each child slot
    /// keyed by a row names a table whose primary key is one column.
    package func openDatabase(_ configuration: TesseraConfiguration, logger: Logger? = nil) async throws -> TesseraDatabase {
        let location: DatabaseLocation
        do {
            location = try DatabaseLocation(configuration.databasePath)
        } catch {
            throw StartupErrors(problems: [StartupProblem(file: nil, type: String(describing: Self.self), message: "\(error)")])
        }
        let database = try await TesseraDatabase.open(
            location, logger: logger ?? Logger(label: "tessera.database"),
            eventLoops: EventLoopGroups.shared(threads: configuration.eventLoopThreads)
        ) { steps in
            migrations(&steps)
            steps.register(seedIdentifier) { db in try await seed(db) }
        }
        var problems = ChildRowCheck.problems(of: ComponentSlot.componentTypes(of: plans.flatMap(\.composition) + layoutComposition), in: database)
        if let members {
            problems += try await database.read { db in try await members.table.problems(in: db) }
                .map { StartupProblem(file: nil, type: String(describing: Self.self), message: $0) }
        }
        guard problems.isEmpty else {
            database.close()
            throw StartupErrors(problems: problems)
        }
        return database
    }

    /// Runs every check (``check(_:)``), opens the database, and returns the site.
    package func makeSite(_ configuration: TesseraConfiguration, logger: Logger) async throws -> Site {
        let (templates, warnings) = try checkWithWarnings(configuration)
        for warning in warnings { logger.warning("\(warning)") }
        let database = try await openDatabase(configuration, logger: logger)
        return try await Site(
            configuration: siteConfiguration(configuration), templates: templates, database: database, logger: logger,
            services: services(configuration), globals: { scope in try await self.globals(scope) })
    }

    /// The router, in this order: the health check (`SiteConfiguration.healthCheckPath`) and the
    /// live pages' streams (`/_tessera/live`), both outside the middleware; Tessera's middleware; in development mode the previews (`/_tessera/previews`); the app's
    /// ``addRoutes(to:site:)``; the stateless scenes; the file routes and the scenes, with
    /// sessions. Throws `StartupErrors` when two routes clash.
    public func makeRouter(site: Site) throws -> Router<TesseraRequestContext> {
        try makeRouter(site: site, reloader: nil)
    }

    /// ``makeRouter(site:)``, with the dev server's routes after the middleware when `reloader`
    /// is given (`serve --dev`).
    func makeRouter(site: Site, reloader: DevReloader?) throws -> Router<TesseraRequestContext> {
        let plans = plans
        let clashes = RouteTable.problems(plans: plans)
        guard clashes.isEmpty else { throw StartupErrors(problems: clashes) }
        let router = Router(context: TesseraRequestContext.self)
        site.mountHealthCheck(on: router)
        site.mountLiveStreams(on: router)
        site.addMiddleware(to: router)
        if let reloader { DevRoutes.mount(reloader, on: router) }
        if site.configuration.isDevelopment { PreviewRoutes.mount(PreviewRunner(app: self, site: site), on: router) }
        if site.configuration.isDevelopment, site.configuration.mailDelivery == .caught { MailPreviewRoutes.mount(on: router, site: site) }
        addRoutes(to: router, site: site)
        for plan in plans where plan.isStateless { site.mount(plan, on: router) }
        let withSessions = site.sessionRoutes(on: router)
        for route in fileRoutes { route.mount(on: withSessions, site: site) }
        for plan in plans where !plan.isStateless { site.mount(plan, on: withSessions) }
        do {
            try router.validate()
        } catch {
            throw StartupErrors(problems: [StartupProblem(file: nil, type: String(describing: Self.self), message: "\(error)")])
        }
        site.liveHub.attach(router.buildResponder())
        site.health.markServing()
        return router
    }

    /// The whole server, ready to run: the site, its router, the HTTP/1 server with
    /// ``TesseraConfiguration/connectionTimeout`` and ``TesseraConfiguration/maxConnections``
    /// (settled first, and logged) on ``TesseraConfiguration/eventLoopThreads`` event loops, the
    /// session sweeper, and in development the template reloader.
    ///
    /// `services` run beside the site's own (default none; `serve` adds its `LogBufferFlusher`).
    /// `onServerRunning` is called once the port is open (tests read the port from the channel).
    package func makeApplication(
        _ configuration: TesseraConfiguration, logger: Logger, services: [any Service] = [],
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        let connections = ConnectionCap.openConnections(for: configuration, logger: logger)
        let site = try await makeSite(configuration, logger: logger)
        return try makeApplication(
            configuration, site: site, connections: connections, logger: logger, services: services, onServerRunning: onServerRunning)
    }

    /// ``makeApplication(_:logger:services:onServerRunning:)`` for a site made already, its
    /// connections counted by `connections`.
    func makeApplication(
        _ configuration: TesseraConfiguration, site: Site, connections: OpenConnections, logger: Logger, services: [any Service],
        onServerRunning: @escaping @Sendable (any Channel) async -> Void
    ) throws -> some ApplicationProtocol & Service {
        let reloader = configuration.isDevelopment ? DevReloader(site: site) { try self.check(configuration) } : nil
        let router = try makeRouter(site: site, reloader: reloader)
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionGuard(connections: connections, headDeadline: TimeAmount(configuration.connectionTimeout), logger: logger)
                    ],
                    idleTimeout: TimeAmount(configuration.connectionTimeout))),
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: name),
            services: site.backgroundServices + (reloader.map { [$0] } ?? []) + services,
            onServerRunning: onServerRunning,
            eventLoopGroupProvider: .shared(EventLoopGroups.shared(threads: configuration.eventLoopThreads)),
            logger: logger)
    }
}

extension TimeAmount {
    /// The same span, in nanoseconds.
    init(_ duration: Duration) {
        self = .nanoseconds(duration.nanoseconds)
    }
}
