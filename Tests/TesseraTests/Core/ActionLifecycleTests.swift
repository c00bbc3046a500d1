import Foundation
import HTTPTypes
import Hummingbird
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A `POST`: parameters → the scene's `loadData` (its access checks, once) → the components
/// made → the handler → a response rendered from what the handler produced, loading again
/// (after the scene's `loadData` runs again) only what its result names.
@Suite("Action lifecycle")
struct ActionLifecycleTests {
    static func site() async throws -> FrameworkSite { try await FrameworkSite(templates: VaultTemplates.all, scenes: [VaultScene.self]) }

    /// The hooks `body` made run (in order, through every task of its requests), given a client
    /// and a session from a first visit to `/vaults/1`, whose own hooks are left out.
    static func hooks(_ body: @Sendable (TestClient, (cookie: String, token: String)) async throws -> Void) async throws -> [String] {
        let site = try await site()
        let log = HookLog()
        try await HookLog.$current.withValue(log) {
            try await site.test { client in
                let session = try await client.session(from: "/vaults/1")
                _ = log.take()
                try await body(client, session)
            }
        }
        return log.take()
    }

    @Test("the scene's loadData runs once, before the components are made and the handler; the acting component is not loaded")
    func order() async throws {
        let hooks = try await Self.hooks { client, session in
            let response = try await client.post("/vaults/1/set", form: "_csrf=\(session.token)&value=7", cookie: session.cookie, fragment: true)
            #expect(response.status == .ok)
        }
        #expect(hooks == ["parseParameters", "loadData", "counter.make", "echo.make", "handler"])
    }

    @Test("the scene's access check refuses an action with 404 before its handler runs")
    func accessCheckBeforeHandler() async throws {
        let hooks = try await Self.hooks { client, session in
            let response = try await client.post("/vaults/2/set", form: "_csrf=\(session.token)&value=7", cookie: session.cookie)
            #expect(response.status == .notFound)
        }
        #expect(hooks.filter { $0 == "loadData" }.count == 1)
        #expect(!hooks.contains("handler"))
    }

    @Test("the model the handler shows is what renders: the fragment is not overwritten by a load")
    func handlerResultRenders() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let session = try await client.session(from: "/vaults/1")
            let response = try await client.post("/vaults/1/set", form: "_csrf=\(session.token)&value=7", cookie: session.cookie, fragment: true)
            #expect(
                String(buffer: response.body)
                    == "<section id=\"counter\" data-component=\"counter\" data-src=\"/vaults/1/_/counter\"><p>set to 7</p></section>")
        }
    }

    @Test("the types a result names are made anew after the scene's loadData, loaded again and sent after the acting component")
    func updatesByType() async throws {
        let hooks = try await Self.hooks { client, session in
            let response = try await client.post("/vaults/1/bump", form: "_csrf=\(session.token)", cookie: session.cookie, fragment: true)
            let body = String(buffer: response.body)
            #expect(body.hasPrefix("<section id=\"counter\" data-component=\"counter\" data-src=\"/vaults/1/_/counter\"><p>bumped</p>"))
            #expect(body.hasSuffix("<section id=\"echo\" data-component=\"echo\" data-src=\"/vaults/1/_/echo\"><p>echo loaded</p></section>"))
        }
        #expect(hooks == [
            "parseParameters", "loadData", "counter.make", "echo.make", "handler", "loadData", "counter.make", "echo.make",
            "echo.load",
        ])
    }

    @Test("a done result makes the acting component anew, after the scene's loadData, and loads it again")
    func doneLoadsAgain() async throws {
        let hooks = try await Self.hooks { client, session in
            let response = try await client.post("/vaults/1/reset", form: "_csrf=\(session.token)", cookie: session.cookie, fragment: true)
            #expect(response.status == .ok)
            #expect(
                String(buffer: response.body)
                    == "<section id=\"counter\" data-component=\"counter\" data-src=\"/vaults/1/_/counter\"><p>loaded</p></section>")
            let plain = try await client.post("/vaults/1/reset", form: "_csrf=\(session.token)", cookie: session.cookie)
            #expect(plain.status == .seeOther)
            #expect(plain.headers[.location] == "/vaults/1")
        }
        #expect(hooks == [
            "parseParameters", "loadData", "counter.make", "echo.make", "handler", "loadData", "counter.make", "echo.make",
            "counter.load",
            "parseParameters", "loadData", "counter.make", "echo.make", "handler",
        ])
    }

    @Test("a refused plain post renders the page at 400: the form as its handler left it, the rest loaded")
    func refusedPlainPost() async throws {
        let site = try await Self.site()
        try await site.test { client in
            let session = try await client.session(from: "/vaults/1")
            let response = try await client.post("/vaults/1/refused", form: "_csrf=\(session.token)&value=%3Cb%3E", cookie: session.cookie)
            #expect(response.status == .badRequest)
            let page = String(buffer: response.body)
            #expect(page.contains("<p>kept: &lt;b&gt;</p>"))
            #expect(page.contains("<p>echo loaded</p>"))
            #expect(!page.contains("<p>loaded</p>"))
        }
    }
}
