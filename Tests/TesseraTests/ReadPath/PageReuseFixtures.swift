import Foundation
import HTTPTypes
import Synchronization
import Tessera

// MARK: - Page reuse fixtures

/// A component showing the first item's title and a stamp drawn on every load, reused by
/// everyone: the stamp tells a kept page from a rendered one.
struct PageStampComponent: StampComponent {
    static var caching: FragmentCaching { .shared }
    static var template: String? { "Components/PageStamp" }
}

/// The same, but never reused (the default).
struct NeverPageStampComponent: StampComponent {
    static var template: String? { "Components/PageStamp" }
}

/// A live component that reads no table: a page holding only it stays valid through any write.
struct LiveNoteComponent: Component {
    static var caching: FragmentCaching { .shared }
    static var live: Bool { true }
    static var template: String? { "Components/LiveNote" }

    func load(_ scope: ComponentScope<Self>) async throws -> StampModel { StampModel(title: "", stamp: UUID().uuidString) }
}

/// `/kept/:id`: a visitor's page is kept. The scene reads item `id`'s title (a 404 when there is
/// none) and draws a stamp of its own in `loadData`, puts both in the title and a header, and
/// counts the views it records.
final class KeptPageScene: Scene {
    override class var path: String { "/kept/:id" }
    override class var policy: Policy? { .anyone }
    override class var reusesVisitorPages: Bool { true }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("stamp") { _, _ in PageStampComponent() }] }

    /// The views recorded (``Scene/didRender(_:status:)``) by path and query, kept pages' included.
    static let views = Mutex<[String: Int]>([:])
    /// The header the scene sets.
    static let header = HTTPField.Name("X-Kept-Test")!

    private var id: Int64 = 0
    private var title = ""
    private let stamp = UUID().uuidString

    override func parseParameters(_ scope: RequestScope) throws { id = try scope.path.id("id") }

    override func loadData(_ scope: RequestScope) async throws {
        let id = id
        guard let title = try await scope.database.read({ db in try await db.fetchValue(String.self, "SELECT title FROM item WHERE id = ?", [id]) })
        else { throw RequestError.notFound() }
        self.title = title
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "\(title) \(stamp)"
        head.headers[Self.header] = stamp
    }

    override func didRender(_ scope: RequestScope, status: Int) async {
        Self.views.withLock { $0[scope.request.uri.description, default: 0] += 1 }
        await super.didRender(scope, status: status)
    }
}

/// `/never-kept`: allows its page to be kept, but holds a component that never reuses.
final class NeverKeptPageScene: Scene {
    override class var path: String { "/never-kept" }
    override class var policy: Policy? { .anyone }
    override class var reusesVisitorPages: Bool { true }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [slot("stamp") { _, _ in PageStampComponent() }, slot("never") { _, _ in NeverPageStampComponent() }]
    }
}

/// Reused by everyone, but its load fails while ``fails`` is set.
struct FlakyStampComponent: StampComponent {
    static var caching: FragmentCaching { .shared }
    static var template: String? { "Components/PageStamp" }
    /// Whether loads fail.
    static let fails = Mutex(false)

    func load(_ scope: ComponentScope<Self>) async throws -> StampModel {
        if Self.fails.withLock({ $0 }) { throw FlakyLoadError() }  // not a refusal: the page shows the component's error
        return StampModel(title: "Flaky", stamp: UUID().uuidString)
    }
}

/// A failed load that is not a refusal (``RequestError``).
struct FlakyLoadError: Error {}

/// `/flaky-kept`: a kept page holding ``FlakyStampComponent``.
final class FlakyKeptPageScene: Scene {
    override class var path: String { "/flaky-kept" }
    override class var policy: Policy? { .anyone }
    override class var reusesVisitorPages: Bool { true }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("flaky") { _, _ in FlakyStampComponent() }] }
}

/// `/live-kept`: a kept page holding only a live component that reads nothing.
final class LiveKeptPageScene: Scene {
    override class var path: String { "/live-kept" }
    override class var policy: Policy? { .anyone }
    override class var reusesVisitorPages: Bool { true }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("note") { _, _ in LiveNoteComponent() }] }
}

/// `/members-kept`: members only, yet declares its visitors' pages reused (a start-up error).
final class MembersOnlyKeptScene: Scene {
    override class var path: String { "/members-kept" }
    override class var policy: Policy? { .signedIn }
    override class var reusesVisitorPages: Bool { true }
    override class var rendersComponentsInOrder: Bool { true }
}

/// The page-reuse scenes' templates, and a layout that reads no token (`tokenLayout` does).
enum PageReuseTemplates {
    static let all = [
        "Components/PageStamp": #"<p class="title">{{title}}</p><p class="stamp">{{stamp}}</p>"#,
        "Components/LiveNote": #"<p class="stamp">{{stamp}}</p>"#,
    ]
    static let layout = "<!DOCTYPE html><html><head><title>{{title}}</title></head><body><main>{{content}}</main></body></html>"
    static let tokenLayout =
        #"<!DOCTYPE html><html><head><title>{{title}}</title></head><body><main>{{content}}</main><form method="post" action="/x"><input type="hidden" name="_csrf" value="{{csrfToken}}"></form></body></html>"#
}
