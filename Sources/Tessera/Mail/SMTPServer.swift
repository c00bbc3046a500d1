import Foundation

// MARK: - SMTPServer

/// Where and how mail leaves: an SMTP server's address, how the connection is encrypted, and
/// the account to sign in with. Read from `TESSERA_SMTP_URL` (``init(url:trustRoots:)``):
///
/// - `smtp://HOST[:PORT]` (port 25): upgraded with STARTTLS when the server offers it;
/// - `smtp://USER:PASSWORD@HOST[:PORT]` (port 587): STARTTLS required before signing in, so a
///   password never crosses the network in the clear;
/// - `smtps://USER:PASSWORD@HOST[:PORT]` (port 465): TLS from the first byte.
///
/// The server's certificate is checked against the system's roots, or the PEM file
/// `TESSERA_SMTP_CA` names (a private relay's own authority).
package struct SMTPServer: Sendable, Equatable {
    /// How the connection is encrypted.
    package enum Security: Sendable, Equatable {
        /// STARTTLS when the server offers it, plain otherwise (a relay on the same network).
        case startTLSWhenOffered
        /// STARTTLS, or no mail: a server that does not offer it is refused.
        case startTLS
        /// TLS from the first byte (SMTPS).
        case tls
    }

    /// The server's host name or address.
    package var host: String
    /// Its port.
    package var port: Int
    /// How the connection is encrypted.
    package var security: Security
    /// The account (`AUTH PLAIN`), or nil to send without signing in.
    package var username: String?
    /// The account's password.
    package var password: String?
    /// A PEM file of the certificate authorities to trust instead of the system's, or nil.
    package var trustRoots: String?

    /// A server at `host:port` encrypted as `security`, signing in as `username` when given.
    package init(
        host: String, port: Int, security: Security = .startTLSWhenOffered, username: String? = nil, password: String? = nil,
        trustRoots: String? = nil
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.trustRoots = trustRoots
    }

    /// Why an app built without Tessera's `TLS` trait cannot send through this server, or nil:
    /// it asks for TLS, or it is on another machine (mail to it would cross the network in the
    /// clear). Start-up refuses such a server.
    var problemWithoutTLS: String? {
        guard !SMTPTLS.isAvailable else { return nil }
        let local = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
        guard security != .startTLSWhenOffered || !local else { return nil }
        return """
            mail to \(host) needs TLS, and this app was built without it: name Tessera's "TLS" trait in the \
            app's Package.swift (.package(url: …, from: …, traits: ["TLS"])), or send through a relay on this machine \
            (smtp://localhost)
            """
    }

    /// The server `url` names (see the type's description), trusting `trustRoots` (a PEM file)
    /// if given; nil when `url` is not an `smtp://` or `smtps://` URL with a host and no path.
    package init?(url: String, trustRoots: String? = nil) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), scheme == "smtp" || scheme == "smtps",
            let host = parts.host, !host.isEmpty, parts.path.isEmpty || parts.path == "/", parts.query == nil,
            (parts.user == nil) == (parts.password == nil)
        else { return nil }
        let signsIn = parts.user != nil
        self.init(
            host: host, port: parts.port ?? (scheme == "smtps" ? 465 : signsIn ? 587 : 25),
            security: scheme == "smtps" ? .tls : signsIn ? .startTLS : .startTLSWhenOffered,
            username: parts.user?.removingPercentEncoding, password: parts.password?.removingPercentEncoding, trustRoots: trustRoots)
    }
}
