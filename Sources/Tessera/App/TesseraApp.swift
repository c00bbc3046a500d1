import ArgumentParser
import Hummingbird

// MARK: - TesseraApp

/// What an app is made of, declared in one type: its scenes, migrations, seed data, settings and
/// services. Tessera builds the site, the router and the server from it, and gives it the whole
/// command line (`serve [--dev]`, `validate`, `routes`, `migrate`, `new`):
///
/// ```swift
/// @main
/// struct BookClub: TesseraApp {
///     var name: String { "Book Club" }
///     var scenes: [Scene.Type] { [ReadingScene.self] }
///     func migrations(_ migrations: inout Migrations) { BookStore.registerMigration(in: &migrations) }
///     func seed(_ db: SQLConnection) async throws { try await BookStore.seed(db) }
/// }
/// ```
///
/// Only ``scenes`` has no default. Start-up runs in this order: configuration (defaults, then
/// the environment, then flags) → templates loaded and checked → database opened, Tessera's
/// migrations, the app's ``migrations(_:)``, then ``seed(_:)`` once → site → routes checked
/// for clashes → server.
public protocol TesseraApp: Sendable {
    /// The app; Tessera makes one at start-up.
    init()

    /// The site's name: the `Server` header and, with the built-in layout, every page title.
    /// Default "Tessera".
    var name: String { get }

    /// The scenes with sessions (forms, sign-in, CSRF), mounted in this order. No default.
    var scenes: [Scene.Type] { get }

    /// Scenes served without sessions (no forms, no signed-in view); default none.
    var statelessScenes: [Scene.Type] { get }
    /// Members: sign-up, sign-in, sign-out and password change on the app's member table, their
    /// pages mounted after ``scenes`` (``Members``). Default nil: no members.
    var members: Members? { get }
    /// A back office for the app's records, its pages mounted after ``members``' under `/admin`
    /// for members with the ``Role/admin`` role (``BackOffice``). Default nil: none.
    var backOffice: BackOffice? { get }

    /// The layout every scene and error page renders in, under `Views/` (say `Layouts/Main`);
    /// nil (default) for Tessera's own (`BuiltInTemplates.layout`). A declared layout that
    /// `Views/` lacks is a start-up and `validate` error naming the app and the file.
    var layout: String? { get }

    /// Components every page's layout holds (``ComponentSlot/layout(_:_:)``), placed by the
    /// layout as `{{components.<id>}}`: an unread count in the navigation, say. Each scene
    /// answers their fragments under its own path and guards; a live one follows every page.
    /// Default none.
    var layoutComposition: [ComponentSlot] { get }

    /// Registers the app's migrations, in order; they run after Tessera's own. Default none.
    func migrations(_ migrations: inout Migrations)

    /// The app's models (`@Model`), in one place: `migrate --plan` compares their
    /// tables with the database, and `makemigration` writes the migration that brings it to
    /// them. Default none.
    var models: [any SQLModel.Type] { get }

    /// Inserts the rows a first run shows; runs once, as the migration ``seedIdentifier``, after
    /// every migration, on SQLite or PostgreSQL. Default nothing.
    func seed(_ db: SQLConnection) async throws

    /// The identifier the seed is recorded under in the migrations table; default `seed.v1`.
    var seedIdentifier: String { get }

    /// Changes the site's settings (sign-in path, default layout…) for `configuration`. Default:
    /// nothing beyond what Tessera sets from the configuration.
    func configure(_ site: inout SiteConfiguration, for configuration: TesseraConfiguration)

    /// Objects scenes and components ask for by type (``Site/service(_:)``): a clock, a mailer…
    /// Default none.
    func services(_ configuration: TesseraConfiguration) -> [any Sendable]

    /// The model of ``globals(_:)``: keys every template may read. Default `EmptyModel`.
    associatedtype Globals: TemplateModel = EmptyModel

    /// Values every template may read, computed per request (say the signed-in member's name).
    /// Their keys are checked like any model's. Default none. An error thrown here (a database
    /// that fails) is the request's: a `500` page, drawn without the app's globals.
    func globals(_ scope: RequestScope) async throws -> Globals

    /// The types whose previews `/_tessera/previews` shows in development and `TesseraTesting`
    /// snapshots (see ``Previewable``), in the order they are listed. Default none.
    var previews: [any Previewable.Type] { get }

    /// Adds routes that are not scenes (file downloads, webhooks), after the middleware and
    /// before the scenes. Default none.
    func addRoutes(to router: Router<TesseraRequestContext>, site: Site)

    /// Where uploaded files are stored and served (``FileRoute``); default none.
    var fileRoutes: [FileRoute] { get }

    /// The app's job types (``Job``): what its workers may run. Default none.
    var jobs: [any Job.Type] { get }

    /// Jobs the app runs on a schedule (``Schedule``). Default none.
    var schedules: [Schedule] { get }

    /// The app's mails (``MailMessage``), whose templates start-up checks. Default none.
    var mails: [any MailMessage.Type] { get }

    /// Who is told of every `5xx` answer and every job that failed for good, with its context
    /// (``ErrorReporter``, ``ErrorReport``). Default none.
    var errorReporters: [any ErrorReporter] { get }

    /// Subcommands of the app's own, beside `serve` (the default), `validate`, `routes` and
    /// `migrate` (a data import, a report); default none.
    var commands: [any ParsableCommand.Type] { get }
}

// MARK: - Defaults

extension TesseraApp {
    /// "Tessera".
    public var name: String { "Tessera" }
    /// None.
    public var statelessScenes: [Scene.Type] { [] }
    /// None.
    public var members: Members? { nil }
    /// None.
    public var backOffice: BackOffice? { nil }
    /// None: Tessera's layout.
    public var layout: String? { nil }
    /// None.
    public var layoutComposition: [ComponentSlot] { [] }
    /// None.
    public func migrations(_ migrations: inout Migrations) {}
    /// None.
    public var models: [any SQLModel.Type] { [] }
    /// Nothing.
    public func seed(_ db: SQLConnection) async throws {}
    /// `seed.v1`.
    public var seedIdentifier: String { "seed.v1" }
    /// None.
    public var commands: [any ParsableCommand.Type] { [] }
    /// Nothing.
    public func configure(_ site: inout SiteConfiguration, for configuration: TesseraConfiguration) {}
    /// None.
    public func services(_ configuration: TesseraConfiguration) -> [any Sendable] { [] }
    /// None.
    public var previews: [any Previewable.Type] { [] }
    /// None.
    public func addRoutes(to router: Router<TesseraRequestContext>, site: Site) {}

    public var fileRoutes: [FileRoute] { [] }

    public var jobs: [any Job.Type] { [] }

    public var schedules: [Schedule] { [] }

    public var mails: [any MailMessage.Type] { [] }
    /// None.
    public var errorReporters: [any ErrorReporter] { [] }

    /// The app's command line: `serve [--dev]`, `validate`, `routes`, `migrate`, and the app's
    /// ``commands``. An `@main` app type gets this as its entry point.
    public static func main() async {
        await TesseraCommand<Self>.main()
    }
}

extension TesseraApp where Globals == EmptyModel {
    /// None.
    public func globals(_ scope: RequestScope) async -> EmptyModel { EmptyModel() }
}
