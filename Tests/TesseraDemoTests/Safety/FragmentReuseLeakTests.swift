import Foundation
import Tessera
import Testing
import TesseraTesting

@testable import TesseraDemo

/// No reused fragment or read carries one viewer's data to another: every page holding a
/// reused component (and the post's and profile's reused reads), loaded in turn by two members
/// and a visitor (twice round, so each reads what the others' requests left), is the page the same viewer gets from a site that reuses nothing.
@Suite("Fragment reuse leaks nothing")
struct FragmentReuseLeakTests {
    /// Pages holding every component of the demo that allows reuse.
    static let pages = ["/", "/photos", "/blogs/1", "/blogs/2", "/users/1", "/users/7"]

    @Test("every reused component, as two members and a visitor, matches a site that reuses nothing")
    func reuseMatchesNoReuse() async throws {
        let reusing = try await TestSite()
        let fresh = try await TestSite(reusingFragments: false)
        try await reusing.test { reusingClient in
            try await fresh.test { freshClient in
                let viewersReusing = try await Self.viewers(reusingClient)
                let viewersFresh = try await Self.viewers(freshClient)
                var expected: [String: String] = [:]
                var seenComponents = Set<String>()
                for round in 0..<2 {
                    for page in Self.pages {
                        for (index, name) in ["demo", "bea", "visitor"].enumerated() {
                            let key = "\(name) \(page)"
                            if round == 0 {
                                let response = try await freshClient.get(page, as: viewersFresh[index])
                                #expect(response.status == .ok, "\(key)")
                                expected[key] = Self.normalized(response.text)
                            }
                            let response = try await reusingClient.get(page, as: viewersReusing[index])
                            seenComponents.formUnion(response.select("[data-component]").compactMap { $0[attribute: "data-component"] })
                            #expect(Self.normalized(response.text) == expected[key], "round \(round): \(key)")
                        }
                    }
                }
                let reusable = Set(DemoApp().allScenes.flatMap(\.componentTypes).compactMap(Self.reusableName))
                #expect(reusable.count == 12)
                #expect(reusable.subtracting(seenComponents).isEmpty, "not visited: \(reusable.subtracting(seenComponents))")
            }
        }
    }

    /// The demo account, a new member `bea` (id 7) who likes post 1 and writes a draft, and a
    /// visitor, made the same way on either site.
    private static func viewers(_ client: TestClient) async throws -> [TestSession?] {
        let demo = try await client.signIn(at: "/signin", [("username", "demo"), ("password", "tessera-demo")])
        let signUp = try await client.get("/signup")
        let created = try await client.submit(
            "form", on: signUp, [("username", "bea"), ("displayName", "Bea Member"), ("password", "a long enough password")])
        #expect(created.headers[.location] == "/users/7")
        let bea = try await client.session(after: created)
        let post = try await client.get("/blogs/1", as: bea)
        #expect(try await client.submit(#"form[action="/blogs/1/like"]"#, on: post, as: bea).status == .seeOther)
        let draft = try await client.get("/drafts/new", as: bea)
        let saved = try await client.submit(
            #"form[action="/drafts/new"]"#, on: draft, [("title", "Bea's draft"), ("body", "Only Bea sees this.")], as: bea)
        #expect(saved.status == .seeOther)
        return [demo, bea, nil]
    }

    /// `html` with every token (64 hex digits) made one word: they differ from request to request.
    private static func normalized(_ html: String) -> String {
        html.replacing(/[0-9a-f]{64}/, with: "TOKEN")
    }

    /// The `data-component` name of a component type that allows reuse, or nil.
    static func reusableName(_ type: any Component.Type) -> String? {
        type.caching == .never ? nil : type.componentName
    }

}
