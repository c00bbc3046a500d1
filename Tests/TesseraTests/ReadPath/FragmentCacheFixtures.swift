import Foundation
import GRDB
import Tessera

// MARK: - Fragment cache fixtures

/// Components that show the first item's title and a stamp drawn on every load, one per kind of
/// ``FragmentCaching``: two pages with the same stamp mean the second reused the first's
/// fragment without loading.
class StampComponent: Component<StampComponent.Model>, @unchecked Sendable {
    override class var template: String? { "Components/Stamp" }
    private var model = Model(title: "", stamp: "")

    override func load(_ scope: RequestScope) async throws {
        let title = try await scope.database.read { db in try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = 1") }
        model = Model(title: title ?? "", stamp: UUID().uuidString)
    }

    override func viewModel() -> Model { model }

    struct Model: TemplateModel {
        let title: String
        let stamp: String
        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("title") { $0.title }, TemplateKey("stamp") { $0.stamp },
        ]
    }
}

/// The same fragment for everyone.
final class SharedStampComponent: StampComponent, @unchecked Sendable {
    override class var caching: FragmentCaching { .shared }
}

/// A fragment per member, one for all visitors.
final class MemberStampComponent: StampComponent, @unchecked Sendable {
    override class var caching: FragmentCaching { .perUser }
}

/// Never reused (the default).
final class PlainStampComponent: StampComponent, @unchecked Sendable {}

/// Allows reuse, but its template prints the request's CSRF token.
final class TokenStampComponent: StampComponent, @unchecked Sendable {
    override class var template: String? { "Components/TokenStamp" }
    override class var caching: FragmentCaching { .shared }
}

/// `/stamps`: one of each, in order.
final class StampsScene: Scene, @unchecked Sendable {
    override class var path: String { "/stamps" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            ComponentSlot("shared", SharedStampComponent.self), ComponentSlot("member", MemberStampComponent.self),
            ComponentSlot("plain", PlainStampComponent.self), ComponentSlot("token", TokenStampComponent.self),
        ]
    }

    override func configureComponents(_ scope: RequestScope) {
        add(SharedStampComponent(id: "shared"))
        add(MemberStampComponent(id: "member"))
        add(PlainStampComponent(id: "plain"))
        add(TokenStampComponent(id: "token"))
    }

    /// The stamp templates.
    static let templates = [
        "Components/Stamp": "<p>{{title}} stamp={{stamp}};</p>",
        "Components/TokenStamp": "<p>{{title}} stamp={{stamp}}; token={{csrfToken}}</p>",
    ]
}
