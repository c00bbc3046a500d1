import Foundation
import HTTPTypes
import Hummingbird
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// `usesTLS` (or `TESSERA_SECURE=1`): `Secure` cookies and HSTS; off by default.
@Suite("Served over TLS")
struct TLSSettingTests {
    @Test("with usesTLS every cookie is Secure and every response carries HSTS")
    func secureWhenServedOverTLS() async throws {
        let site = try await ReadPathSite { $0.usesTLS = true }
        try await site.test { client in
            let (_, _, page) = try await client.fetch("/items")
            #expect(page[.strictTransportSecurity] == "max-age=31536000; includeSubDomains")
            #expect(!page.setCookies.isEmpty && page.setCookies.allSatisfy { $0.hasSuffix("; Secure") && $0.hasPrefix("__Host-") })
            let (_, _, missing) = try await client.fetch("/missing")
            #expect(missing[.strictTransportSecurity] != nil)
            let (_, _, asset) = try await client.fetch("/css/app.css")
            #expect(asset[.strictTransportSecurity] != nil)
            let (_, _, stale) = try await client.fetch("/items", headers: [.cookie: "__Host-tessera_session=gone"])
            #expect(stale.setCookies.count == 2 && stale.setCookies.allSatisfy { $0.hasSuffix("; Secure") })
        }
    }

    @Test("with usesTLS only __Host- cookies are read: a member's id under the plain name is a visitor")
    func readsOnlyHostPrefixedCookies() async throws {
        let site = try await ReadPathSite { $0.usesTLS = true }
        try await site.test { client in
            let (session, cookie) = try await site.member(1)
            #expect(cookie.hasPrefix("__Host-tessera_session="))
            let member = try await client.send(method: .get, uri: "/items", headers: [.cookie: cookie])
            #expect(String(buffer: member.body).contains("csrf=\(session.csrfToken);"))
            let planted = try await client.send(method: .get, uri: "/items", headers: [.cookie: "tessera_session=\(session.id)"])
            #expect(planted.status == .ok)
            #expect(!String(buffer: planted.body).contains(session.csrfToken))  // a visitor's page, not the member's
            #expect(planted.headers[values: .setCookie].contains { $0.hasPrefix("__Host-tessera_csrf=") })
        }
    }

    @Test("without it, no Secure flag and no HSTS (plain HTTP in development)")
    func plainByDefault() async throws {
        let site = try await ReadPathSite { $0.usesTLS = false }
        try await site.test { client in
            let (_, _, page) = try await client.fetch("/items")
            #expect(page[.strictTransportSecurity] == nil)
            #expect(!page.setCookies.isEmpty && page.setCookies.allSatisfy { !$0.contains("Secure") })
        }
    }

    @Test("TESSERA_SECURE takes 1/0, true/false, yes/no, on/off in any case; unset leaves it off", arguments: [
        (["TESSERA_SECURE": "1"], true), (["TESSERA_SECURE": "true"], true), (["TESSERA_SECURE": "YES"], true),
        (["TESSERA_SECURE": "On"], true), (["TESSERA_SECURE": "0"], false), (["TESSERA_SECURE": "False"], false),
        (["TESSERA_SECURE": "no"], false), (["TESSERA_SECURE": "OFF"], false), ([:], false), (["TESSERA_SECURE": ""], false),
    ])
    func environment(_ pair: ([String: String], Bool)) throws {
        #expect(try TesseraConfiguration.fromEnvironment(pair.0).usesTLS == pair.1)
    }

    @Test("Any other value of a switch stops start-up naming the variable and its value", arguments: [
        "TESSERA_SECURE", "TESSERA_COMPRESS", "TESSERA_FRAGMENT_CACHE",
    ])
    func unknownSwitchValue(_ name: String) {
        #expect {
            try TesseraConfiguration.fromEnvironment([name: "banana"])
        } throws: { error in
            let message = "\(error)"
            return message.contains(name) && message.contains("'banana'")
        }
    }
}

/// Every process sharing a database signs visitors' tokens with the one secret stored there.
@Suite("CSRF secret")
struct CSRFSecretTests {
    @Test("a site whose database lost its CSRF secret does not start, naming the problem")
    func missingSecretStopsStartUp() async throws {
        let first = try await ReadPathSite()
        defer { try? FileManager.default.removeItem(at: first.folder) }
        try await first.site.database.write { db in try await db.execute("DELETE FROM tessera_secrets") }
        await #expect {
            try await ReadPathSite(databasePath: first.site.database.sqlitePath)
        } throws: { error in
            "\(error)".contains("CSRF secret")
        }
    }
}
