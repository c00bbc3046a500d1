import Foundation
import GRDB
import Synchronization
import Tessera

// MARK: - Fragment cache fixtures

/// Components that show the first item's title and a stamp drawn on every load, one per kind of
/// ``FragmentCaching``: two pages with the same stamp mean the second reused the first's
/// fragment without loading. Each conforming type shares this load and template.
protocol StampComponent: Component where Model == StampModel {}

extension StampComponent {
    static var template: String? { "Components/Stamp" }

    func load(_ scope: ComponentScope<Self>) async throws -> StampModel {
        let title = try await scope.database.read { db in try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = 1") }
        return StampModel(title: title ?? "", stamp: UUID().uuidString)
    }
}

/// What a stamp component shows.
struct StampModel: TemplateModel {
    let title: String
    let stamp: String
    static let templateKeys: [TemplateKey<StampModel>] = [
        TemplateKey("title") { $0.title }, TemplateKey("stamp") { $0.stamp },
    ]
}

/// The same fragment for everyone.
struct SharedStampComponent: StampComponent {
    static var caching: FragmentCaching { .shared }
}

/// A fragment per member, one for all visitors.
struct MemberStampComponent: StampComponent {
    static var caching: FragmentCaching { .perUser }
}

/// Never reused (the default).
struct PlainStampComponent: StampComponent {}

/// Allows reuse, but its template prints the request's CSRF token.
struct TokenStampComponent: StampComponent {
    static var template: String? { "Components/TokenStamp" }
    static var caching: FragmentCaching { .shared }
}

/// `/stamps`: one of each, in order.
final class StampsScene: Scene {
    override class var path: String { "/stamps" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            slot("shared") { _, _ in SharedStampComponent() }, slot("member") { _, _ in MemberStampComponent() },
            slot("plain") { _, _ in PlainStampComponent() }, slot("token") { _, _ in TokenStampComponent() },
        ]
    }

    /// The stamp templates.
    static let templates = [
        "Components/Stamp": "<p>{{title}} stamp={{stamp}};</p>",
        "Components/TokenStamp": "<p>{{title}} stamp={{stamp}}; token={{csrfToken}}</p>",
    ]
}

// MARK: - A form for members, a link for visitors

/// Reused per viewer; a member's render holds a form with the session's token, a visitor's a
/// link: visitors share one fragment, a member's is never kept.
struct MemberFormComponent: Component {
    static var caching: FragmentCaching { .perUser }
    static var template: String? { "Components/MemberForm" }

    func load(_ scope: ComponentScope<Self>) async throws -> MemberFormModel {
        MemberFormModel(signedIn: scope.userID != nil, stamp: UUID().uuidString)
    }
}

/// What ``MemberFormComponent`` shows.
struct MemberFormModel: TemplateModel {
    let signedIn: Bool
    let stamp: String
    static let templateKeys: [TemplateKey<MemberFormModel>] = [
        TemplateKey("signedIn") { $0.signedIn }, TemplateKey("stamp") { $0.stamp },
    ]
}

/// `/member-form`: one ``MemberFormComponent``.
final class MemberFormScene: Scene {
    override class var path: String { "/member-form" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] { [slot("form") { _, _ in MemberFormComponent() }] }

    static let templates = [
        "Components/MemberForm":
            #"<p class="stamp">{{stamp}}</p>{{#signedIn}}<form method="post" action="/x"><input type="hidden" name="_csrf" value="{{csrfToken}}"></form>{{/signedIn}}{{^signedIn}}<a href="/signin">Sign in</a>{{/signedIn}}"#
    ]
}

// MARK: - A title handed down by the scene

/// Shows the title its scene read and handed to it; reads nothing itself.
struct HandedTitleComponent: Component {
    static var caching: FragmentCaching { .shared }
    static var template: String? { "Components/HandedTitle" }
    let title: String

    func load(_ scope: ComponentScope<Self>) async throws -> StampModel { StampModel(title: title, stamp: "") }
}

/// `/handed`: reads the first item's title and hands it to a reused component. While
/// ``writesAfterReading`` is set, it renames the item right after reading it and looks at the
/// database again, as when another process commits between the scene's read and the
/// component's load and a concurrent request of this process sees it.
final class HandedTitleScene: Scene {
    override class var path: String { "/handed" }
    override class var policy: Policy? { .anyone }
    override class var composition: [ComponentSlot] {
        [slot("title") { scene, _ in HandedTitleComponent(title: scene.title) }]
    }

    /// Whether the next loads rename the item after reading it.
    static let writesAfterReading = Mutex(false)
    static let templates = ["Components/HandedTitle": "<p>title={{title}};</p>"]

    private var title = ""

    override func loadData(_ scope: RequestScope) async throws {
        title = try await scope.database.read { db in try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = 1") } ?? ""
        guard Self.writesAfterReading.withLock({ $0 }) else { return }
        try await scope.site.database.write { db in try await db.execute("UPDATE item SET title = 'Renamed' WHERE id = 1") }
        try await scope.site.database.refreshFromOtherConnections()
    }
}
