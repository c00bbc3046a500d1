import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

// MARK: - Site

/// A running Tessera site: its configuration, templates, database and logger, shared by every
/// request. Scenes are mounted on a router with `mount(_:on:)`.
public final class Site: Sendable {
    /// Values every template may read, computed per request (say the signed-in user's name).
    package typealias Globals = @Sendable (RequestScope) async throws -> any ViewModel

    /// The configuration.
    public let configuration: SiteConfiguration
    /// The database.
    public let database: TesseraDatabase
    /// The logger.
    package let logger: Logger
    /// Delivers the mail jobs send (``SiteConfiguration/mailDelivery``).
    package let mailer: Mailer
    /// Analytics events waiting for `AnalyticsWriter` (capacity from the configuration).
    package let analytics: AnalyticsQueue
    /// The public folder, indexed at start-up (rescanned in development mode).
    let staticFiles: StaticFiles
    /// Fragments of components that allow their reuse; nil in development mode or when
    /// ``SiteConfiguration/fragmentCacheLimit`` is 0.
    let fragmentCache: FragmentCache?
    /// Signs visitors' CSRF tokens with the database's secret.
    let csrfTokens: CSRFTokens
    let globals: Globals
    private let library: Mutex<TemplateLibrary>
    let services: [ObjectIdentifier: any Sendable]
    /// The members' table and pages (``SiteConfiguration/members``), made once for every request.
    let memberAccounts: MemberAccounts?
    let memberPages: MemberPages?
    /// Where the open pages' live streams wait for the data to change.
    public let liveHub: LiveHub
    /// Whether the process starts, serves or drains, as its health check says.
    package let health = ProcessHealth()
    /// The app's error reporters (``SiteConfiguration/errorReporters``).
    package let errorReporting: ErrorReporting
    /// The site's metrics and traces; nil when both are off (``SiteConfiguration/metrics``,
    /// ``SiteConfiguration/tracer``).
    package let telemetry: SiteTelemetry?

    /// A site.
    ///
    /// - Parameters:
    ///   - configuration: how the site is set up.
    ///   - templates: the app's compiled templates.
    ///   - database: the app's database, which also keeps the CSRF secret.
    ///   - logger: the site's logger.
    ///   - services: app objects scenes and components may ask for by type with
    ///     ``service(_:)`` (a clock, a mailer…); default none.
    ///   - globals: extra values for every template (default none). Tessera adds `csrfToken`,
    ///     `onceToken` (a fresh value per render, see `SubmissionGuard`),
    ///     `isDevelopment` and `siteName` itself.
    ///
    /// When `configuration` asks for the app layout (`Layouts/Main`) and `templates` lack it,
    /// the site uses Tessera's built-in layout instead. Throws `StartupErrors` when the CSRF
    /// secret cannot be read from `database` (processes sharing it must sign tokens alike, so
    /// none makes a secret of its own).
    package init(
        configuration: SiteConfiguration, templates: TemplateLibrary, database: TesseraDatabase, logger: Logger,
        services: [any Sendable] = [], globals: @escaping Globals = { _ in EmptyModel() }
    ) async throws {
        var configuration = configuration
        if configuration.defaultLayout == SiteConfiguration.appLayout, !templates.contains(SiteConfiguration.appLayout) {
            configuration.defaultLayout = BuiltInTemplates.layout
        }
        self.configuration = configuration
        self.database = database
        self.logger = logger
        mailer = Mailer(delivery: configuration.mailDelivery, domain: configuration.mailDomain)
        self.globals = globals
        errorReporting = ErrorReporting(configuration.errorReporters)
        telemetry = SiteTelemetry(metrics: configuration.metrics ? SiteMetrics(database: database.dialect) : nil, tracing: configuration.tracer.map(SiteTracing.init))
        self.analytics = AnalyticsQueue(capacity: configuration.analyticsQueueCapacity, batchSize: configuration.analyticsBatchSize)
        self.staticFiles = StaticFiles(directory: configuration.publicDirectory, rescans: configuration.isDevelopment)
        // No secret of its own: every process sharing the database must sign visitors' tokens
        // alike, or behind a balancer every form would fail.
        do {
            csrfTokens = try await CSRFTokens.load(from: database)
        } catch {
            throw StartupErrors(problems: [
                StartupProblem(
                    file: database.location.description, type: "",
                    message: "the CSRF secret cannot be read from the database (\(error)); no process may make a secret of its own")
            ])
        }
        self.library = Mutex(templates)
        fragmentCache =
            configuration.isDevelopment || configuration.fragmentCacheLimit <= 0
            ? nil
            : FragmentCache(
                limit: configuration.fragmentCacheLimit, versions: { [database] in database.currentVersions }, logger: logger)
        self.services = Dictionary(services.map { (ObjectIdentifier(type(of: $0)), $0) }, uniquingKeysWith: { $1 })
        memberAccounts = configuration.members.map { MemberAccounts(table: $0.table, database: database) }
        memberPages = configuration.members.map(MemberPages.init)
        liveHub = LiveHub(
            database: database, logger: logger,
            budget: LiveStreamBudget(perViewer: configuration.maxLiveStreamsPerViewer, perAddress: configuration.maxLiveStreamsPerAddress))
    }

    /// How many component lookups were answered from a reused fragment, and how many loaded
    /// (both 0 when reuse is off).
    package var fragmentLookups: (served: Int, loaded: Int) {
        fragmentCache?.lookups ?? (0, 0)
    }

    /// How many visitors' page lookups were answered from a kept page, and how many rendered it
    /// (both 0 when reuse is off).
    package var pageLookups: (served: Int, rendered: Int) {
        fragmentCache?.pageLookups ?? (0, 0)
    }

    // MARK: - Services

    /// The service of type `type` given at init, or nil.
    public func service<Service: Sendable>(_ type: Service.Type) -> Service? {
        services[ObjectIdentifier(type)] as? Service
    }

    // MARK: - Templates

    /// The current templates.
    public var templates: TemplateLibrary { library.withLock { $0 } }

    /// Replaces the templates (the dev server does this when `Views/` changes).
    package func replaceTemplates(_ templates: TemplateLibrary) { library.withLock { $0 = templates } }

    /// The keys Tessera adds to every template's globals (``RequestGlobals/keys``), for the
    /// template checks: `assets` answers any file name.
    static let builtInGlobalKeys: [(name: String, shape: TemplateShape)] = RequestGlobals.keys.map {
        switch $0 {
        case "assets": ($0, .open)
        case "notice": ($0, Notice.templateShape)
        case "member": ($0, CurrentMember.templateShape)
        case "memberPages": ($0, MemberPages.templateShape)
        default: ($0, .value)
        }
    }

    /// A renderer for `scope`, with the request's globals below every view model. A full page
    /// (a `GET` not asking for fragments) takes the browser's pending ``Notice`` to show.
    /// An error page passes `takingNotice: false`: the notice waits for the next page.
    func renderer(for scope: RequestScope, takingNotice: Bool = true) async throws -> TemplateRenderer {
        await renderer(for: scope, app: try await globals(scope), takingNotice: takingNotice)
    }

    /// A renderer for `scope` with `app` as the app's globals.
    func renderer(for scope: RequestScope, app: any ViewModel, takingNotice: Bool = true) async -> TemplateRenderer {
        let values = RequestGlobals(
            app: app, session: scope.session, isDevelopment: configuration.isDevelopment,
            siteName: configuration.name, assets: AssetURLs(files: staticFiles),
            notice: takingNotice ? await pendingNotice(scope) : nil,
            member: await signedInMember(scope), memberPages: memberPages, request: scope)
        return TemplateRenderer(library: templates, globals: .object(values), host: ChildOutlets(globals: values))
    }

    /// The member signed in to `scope`'s session, when the app has members: as read with the
    /// session (``SessionReadAlong``), or else one statement; nil for a visitor, or when the
    /// account is gone.
    private func signedInMember(_ scope: RequestScope) async -> CurrentMember? {
        guard let memberAccounts, let id = scope.session.userID else { return nil }
        if let readAlong = scope.session.readAlong, readAlong.readsMember { return readAlong.member }
        do {
            return try await memberAccounts.member(id)
        } catch {
            logger.error("members: could not read member \(id): \(error)")
            return nil
        }
    }

    /// The notice waiting for `scope`'s browser, taken (so shown once), on a full page only;
    /// showing one marks the response private. The session's own key is not looked at when the
    /// statement that found the session saw no notice there (``SessionReadAlong``).
    private func pendingNotice(_ scope: RequestScope) async -> Notice? {
        guard scope.request.method == .get, !scope.wantsFragment else { return nil }
        for key in NoticeStore.keys(for: scope.session, scope.request, secure: configuration.usesTLS) {
            if key == scope.session.id, scope.session.readAlong?.noticeWaiting == false { continue }
            do {
                guard let notice = try await NoticeStore(database: database).take(for: key) else { continue }
                scope.session.privacy.set()
                return notice
            } catch {
                logger.error("notices: could not take the pending notice: \(error)")
            }
        }
        return nil
    }

    // MARK: - Analytics

    /// Queues `event` for the background writer; never waits and never writes on the request
    /// path (a full queue drops it, counted).
    func record(_ event: AnalyticsEvent) async {
        analytics.enqueue(event)
    }

    // MARK: - Background services

    /// The services a running site needs, for the application's service group: the
    /// `SessionSweeper`, the `AnalyticsWriter`, the `PageSnapshotSweeper`, and the job
    /// workers and scheduler when the app has jobs (the scheduler also purges failed jobs past
    /// ``SiteConfiguration/failedJobRetention``). All end on a graceful shutdown, the writer
    /// after storing every queued event, the workers after their running jobs.
    package var backgroundServices: [any Service] {
        backgroundServices(
            runningJobs: !configuration.jobs.isEmpty || !configuration.schedules.isEmpty || configuration.mailDelivery != .off)
    }

    /// ``backgroundServices``, with the job workers and the scheduler when `runningJobs` (and the
    /// configuration allows any worker).
    func backgroundServices(runningJobs: Bool) -> [any Service] {
        let schedules = configuration.schedules + (configuration.failedJobRetention == nil ? [] : [FailedJobsPurge.schedule])
        let jobServices: [any Service] =
            runningJobs && configuration.jobWorkers > 0
            ? [JobWorker(site: self)] + (schedules.isEmpty ? [] : [Scheduler(site: self, schedules: schedules)])
            : []
        // A service group ends its services last first: the database's go first in the list, so
        // the PostgreSQL client closes after the analytics writer stored its last batch.
        return database.services + [SessionSweeper(database: database), AnalyticsWriter(site: self)] + jobServices + [liveHub]
    }
}
