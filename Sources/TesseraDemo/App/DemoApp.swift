import Foundation
import ArgumentParser
import Tessera
import TesseraNew

// MARK: - DemoApp

/// The demo blogging community, declared through Tessera's public entry point like any app:
/// its scenes, migrations, seed, settings and services. `swift run tessera` runs it.
public struct DemoApp: TesseraApp {
    /// The app.
    public init() {}

    /// "Tessera Community".
    public var name: String { "Tessera Community" }

    /// Every scene with sessions, mounted in this order.
    public var scenes: [Scene.Type] { Self.contentScenes + Self.profileScenes + Self.messagingScenes }

    /// Members through Tessera, on the demo's `user` table (a new member gets an empty bio), with
    /// the password and address pages under the settings.
    public var members: Members? {
        var members = Members(
            table: MemberTable("user", newRowValues: { date in [("bio", ""), ("createdAt", date)] }),
            scenes: [
                SignInScene.self, SignUpScene.self, DemoPasswordScene.self, DemoEmailScene.self, ForgotPasswordScene.self,
                ResetPasswordScene.self, ConfirmEmailScene.self,
            ])
        members.welcomePage = { DemoURLs.user($0) }
        return members
    }

    /// `Views/Layouts/Main.mustache`: the header, navigation and notices around every page.
    public var layout: String? { "Layouts/Main" }

    /// In the header of every page a member sees: how many conversations wait for their reply,
    /// kept up to date while the page is open.
    public var layoutComposition: [ComponentSlot] {
        [.layout("awaiting-reply") { scope in scope.userID.map { AwaitingReplyComponent(viewerID: $0) } }]
    }

    /// Scenes without sessions (no forms, no signed-in view).
    public var statelessScenes: [Scene.Type] { [FortunesScene.self] }

    /// The schema.
    public func migrations(_ migrations: inout Migrations) { DemoMigrations.register(&migrations) }

    /// The tables declared as models (`@Model`), which the migrations made: `migrate --plan`
    /// finds them in sync.
    public var models: [any SQLModel.Type] { [User.self, Blog.self, Comment.self, Draft.self, Photo.self, Priority.self] }

    /// `/admin`, for members with the admin role (the seed grants it to Ada): posts and comments.
    public var backOffice: BackOffice? { BackOffice(Blog.self, Comment.self) }

    /// The data a first run browses (``DemoSeed``).
    public func seed(_ db: SQLConnection) async throws { try await DemoSeed.insert(into: db) }

    /// `demo.seed.v1`, the identifier existing databases recorded the seed under.
    public var seedIdentifier: String { "demo.seed.v1" }

    /// The clock.
    public func services(_ configuration: TesseraConfiguration) -> [any Sendable] {
        [DemoEnvironment(now: configuration.now)]
    }

    /// The signed-in member for the layout (``CurrentUserGlobals``).
    public func globals(_ scope: RequestScope) async -> CurrentUserGlobals {
        await CurrentUserGlobals.values(scope)
    }

    /// Members' uploads: `/uploads/…`, images sent in conversations, for their members only;
    /// `/avatars/…`, profile pictures, for everyone.
    public var fileRoutes: [FileRoute] { [MessageUploads.route, ProfileDetails.avatars] }

    /// The jobs: the hourly purge of posts 30 days in the trash, the mail about a comment, the
    /// daily digest.
    public var jobs: [any Job.Type] { [PurgeTrash.self, CommentMailJob.self, DailyDigest.self] }
    public var schedules: [Schedule] { [PurgeTrash.schedule, DailyDigest.schedule] }
    /// The mails: a comment, the digest.
    public var mails: [any MailMessage.Type] { [CommentMail.self, DigestMail.self] }
}

// MARK: - Commands

extension DemoApp {
    /// `tessera new NAME`: the demo's executable keeps the tool that starts an app (also
    /// `tessera-new`), so a checkout of this repository can start one with `swift run tessera new`.
    public var commands: [any ParsableCommand.Type] { [NewCommand.self] }
}
