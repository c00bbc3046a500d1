import Crypto
import Foundation

// MARK: - CSRFTokens

/// CSRF tokens for visitors without a session row: a signed double-submit token.
///
/// A visitor's browser keeps a nonce the site issued in the `tessera_csrf` cookie (`HttpOnly`,
/// `SameSite=Lax`): 32 random hex digits, a dot, and their signature, so a value the site did
/// not issue (planted by another page to fix the visitor's token) is ignored and a new nonce is
/// drawn. Every form carries HMAC-SHA256(site secret, nonce) in hex. A POST is accepted only when
/// the form's token is the signature of the nonce its cookie sends, so a visitor's forms are
/// protected without writing anything to the database. Signed-in members keep the random
/// per-session token stored with their session.
///
/// The secret is 32 random bytes made once, by a migration, in `tessera_secrets`: tokens stay
/// valid across restarts and are the same on every process sharing the database.
struct CSRFTokens: Sendable {
    /// The cookie holding a visitor's nonce.
    static let cookieName = "tessera_csrf"
    static let table = "tessera_secrets"
    static let secretName = "csrf"

    private let key: SymmetricKey

    /// Tokens signed with `secret` (tests; a site reads its secret with ``load(from:)``).
    init(secret: [UInt8]) { key = SymmetricKey(data: secret) }

    /// Tokens signed with the secret stored in `database`.
    static func load(from database: TesseraDatabase) async throws -> CSRFTokens {
        let stored = try await database.read { db in
            try await db.fetchValue([UInt8].self, "SELECT value FROM \(table) WHERE name = ?", [secretName])
        }
        guard let stored, stored.count == 32 else { throw Missing() }
        return CSRFTokens(secret: stored)
    }

    /// The secret is not in the database.
    struct Missing: Error, CustomStringConvertible {
        var description: String { "the CSRF secret is missing" }
    }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.secrets.v1") { db in
            try await db.execute("CREATE TABLE \(table) (name TEXT PRIMARY KEY NOT NULL, value \(db.dialect.bytes) NOT NULL)")
            var generator = SystemRandomNumberGenerator()
            let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try await db.execute("INSERT INTO \(table) (name, value) VALUES (?, ?)", [secretName, secret])
        }
    }

    // MARK: - Tokens

    /// The token for `nonce`: 64 hex digits.
    func token(forNonce nonce: String) -> String {
        Digests.hmacHex(nonce.utf8, key: key)
    }

    /// A new visitor nonce: 32 random hex digits, `.`, and their signature.
    func newNonce() -> String {
        let random = String(SessionStore.randomToken().prefix(32))
        return random + "." + nonceSignature(random)
    }

    /// Whether `nonce` is one this site issued (``newNonce()``), checked in constant time.
    func isIssued(_ nonce: String) -> Bool {
        let parts = nonce.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 32, Self.isLowerHex(parts[0]) else { return false }
        return Digests.constantTimeEquals(String(parts[1]), nonceSignature(String(parts[0])))
    }

    /// The signature of a nonce's random part (apart from tokens: another message prefix).
    private func nonceSignature(_ random: String) -> String {
        Digests.hmacHex(("visitor-nonce:" + random).utf8, key: key)
    }

    /// Whether `value` is 64 lowercase hex digits (a random key Tessera made, such as a notice's).
    static func isWellFormed(_ value: String) -> Bool {
        value.utf8.count == 64 && isLowerHex(value[...])
    }

    private static func isLowerHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
