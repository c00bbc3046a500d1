import Foundation
import Logging

// MARK: - Doctor

/// The checks of `tessera doctor`: a deployment's settings read as `serve` would read them,
/// each turned into ``DoctorFinding``s. Nothing is changed: the database is not migrated, no
/// mail is sent.
package struct Doctor<App: TesseraApp>: Sendable {
    let app: App
    let configuration: TesseraConfiguration
    /// How long the mail server has to greet, take EHLO, TLS and the sign-in.
    var mailTimeout: Duration = .seconds(15)

    package init(app: App, configuration: TesseraConfiguration) {
        self.app = app
        self.configuration = configuration
    }

    /// Every finding, in the order they are printed.
    package func findings() async -> [DoctorFinding] {
        var found = mode + address + templates + fileLimit
        found += await database()
        found += await mail()
        return found
    }

    // MARK: - Settings

    /// Development mode where production is expected.
    var mode: [DoctorFinding] {
        configuration.isDevelopment
            ? [DoctorFinding(.problem, "mode", "development (TESSERA_ENV=development or --dev): errors show their causes and templates reload; production runs without it")]
            : [DoctorFinding(.ok, "mode", "production")]
    }

    /// The public address, and TLS (`--secure`) agreeing with it.
    var address: [DoctorFinding] {
        guard let url = configuration.publicURL else {
            return [
                DoctorFinding(
                    .problem, "public URL",
                    "not set: links in mail would start with \(configuration.resolvedPublicURL); set TESSERA_PUBLIC_URL (or --public-url) to the address people use")
            ]
        }
        let https = url.lowercased().hasPrefix("https://")
        let host = URLComponents(string: url)?.host?.lowercased() ?? ""
        let local = host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
        var found = [DoctorFinding(local ? .problem : .ok, "public URL", local ? "\(url) names this machine: mail links would not reach anyone else" : url)]
        switch (https, configuration.usesTLS) {
        case (true, false):
            found.append(
                DoctorFinding(
                    .problem, "TLS",
                    "the public URL is https, but --secure (TESSERA_SECURE=1) is off: cookies go without Secure and no HSTS is sent"))
        case (false, true):
            found.append(
                DoctorFinding(.problem, "TLS", "--secure (TESSERA_SECURE=1) is on, but the public URL is http: browsers drop Secure cookies over http"))
        case (true, true):
            found.append(DoctorFinding(.ok, "TLS", "https, with Secure cookies and HSTS"))
        case (false, false):
            found.append(DoctorFinding(local ? .note : .problem, "TLS", "plain http: sessions and passwords cross the network unencrypted"))
        }
        return found
    }

    /// The templates and declarations, as `validate` checks them.
    var templates: [DoctorFinding] {
        do {
            let (_, warnings) = try app.checkWithWarnings(configuration)
            return [DoctorFinding(.ok, "templates", "\(configuration.viewsDirectory) checks out")]
                + warnings.map { DoctorFinding(.note, "templates", $0) }
        } catch {
            return [DoctorFinding(.problem, "templates", "\(error)")]
        }
    }

    /// The open-file limit `serve` raises to, against the connection cap.
    var fileLimit: [DoctorFinding] {
        guard let limit = OpenFileLimit.current() else { return [DoctorFinding(.note, "open files", "the limit cannot be read here")] }
        let reachable = min(limit.hard ?? OpenFileLimit.ceiling, OpenFileLimit.ceiling)
        let safe = TesseraConfiguration.defaultMaxConnections(
            openFileLimit: reachable, databaseConnections: ConnectionCap.databaseConnections(configuration))
        let seen = "hard limit \(limit.hard.map(String.init) ?? "unlimited") here (under systemd, LimitNOFILE= decides)"
        if let cap = configuration.maxConnections, cap > safe {
            return [
                DoctorFinding(
                    .problem, "open files",
                    "\(seen): TESSERA_MAX_CONNECTIONS=\(cap) needs more files than it leaves (at most \(safe) keeps a reserve); raise the limit or lower the cap")
            ]
        }
        let cap = configuration.maxConnections ?? safe
        if safe < 1000 {
            return [DoctorFinding(.problem, "open files", "\(seen): at most \(cap) connections at once; raise the limit (LimitNOFILE=65536)")]
        }
        return [DoctorFinding(.ok, "open files", "\(seen): at most \(cap) connections at once")]
    }

    // MARK: - Database

    /// The database: reachable, its version, the CSRF secret, and no migration pending or
    /// unknown. Opened without migrating.
    func database() async -> [DoctorFinding] {
        let location: DatabaseLocation
        do {
            location = try DatabaseLocation(configuration.databasePath)
        } catch {
            return [DoctorFinding(.problem, "database", "\(error)")]
        }
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            return [DoctorFinding(.problem, "database", "\(path) does not exist yet: run `migrate` (or start `serve` once)")]
        }
        let database: TesseraDatabase
        do {
            database = try await TesseraDatabase.open(
                location, logger: .init(label: "doctor", factory: { _ in SwiftLogNoOpLogHandler() }), eventLoops: nil, steps: Migrations())
        } catch {
            return [DoctorFinding(.problem, "database", "\(location) cannot be opened: \(error)")]
        }
        defer { database.close() }
        var found: [DoctorFinding] = []
        do {
            found.append(try await Self.version(of: database))
            let registered = TesseraDatabase.steps { steps in
                app.migrations(&steps)
                steps.register(app.seedIdentifier) { _ in }
            }.steps.map(\.identifier)
            let applied = try await Migrations.applied(in: database)
            let pending = registered.filter { !applied.contains($0) }
            let unknown = applied.filter { !registered.contains($0) }
            found.append(
                pending.isEmpty
                    ? DoctorFinding(.ok, "migrations", "all \(registered.count) applied")
                    : DoctorFinding(.problem, "migrations", "\(pending.count) pending (\(pending.joined(separator: ", "))): run `migrate` before serving"))
            if !unknown.isEmpty {
                found.append(
                    DoctorFinding(
                        .problem, "migrations",
                        "the database has \(unknown.count) this build does not know (\(unknown.joined(separator: ", "))): a newer build migrated it"))
            }
            if applied.contains("tessera.secrets.v1") {
                _ = try await CSRFTokens.load(from: database)
                found.append(DoctorFinding(.ok, "secret", "the CSRF secret is in the database, shared by every process"))
            }
        } catch {
            found.append(DoctorFinding(.problem, "database", "\(error)"))
        }
        return found
    }

    /// The database server's version, against the oldest Tessera runs on.
    static func version(of database: TesseraDatabase) async throws -> DoctorFinding {
        switch database.dialect {
        case .sqlite:
            let text = try await database.read { db in try await db.fetchValue(String.self, "SELECT sqlite_version()") } ?? "?"
            let parts = text.split(separator: ".").compactMap { Int($0) }
            let recent = parts.count >= 2 && (parts[0], parts[1]) >= (3, 35)
            return DoctorFinding(recent ? .ok : .problem, "database", "SQLite \(text)" + (recent ? "" : ": 3.35 or later is needed (RETURNING)"))
        case .postgres:
            let number = try await database.read { db in try await db.fetchValue(Int.self, "SELECT current_setting('server_version_num')::int") } ?? 0
            let text = "PostgreSQL \(number / 10000).\(number % 10000)"
            return DoctorFinding(number >= 130000 ? .ok : .problem, "database", text + (number >= 130000 ? "" : ": 13 or later is supported"))
        }
    }

    // MARK: - Mail

    /// The mail server: greets, takes EHLO, TLS and the sign-in, within ``mailTimeout``.
    func mail() async -> [DoctorFinding] {
        guard let server = configuration.smtpServer else {
            let sends = !app.mails.isEmpty || app.members != nil
            return [
                DoctorFinding(
                    sends ? .problem : .note, "mail",
                    "no server (TESSERA_SMTP_URL): mail is not sent" + (sends ? ", and this app sends mail (sign-up, password reset)" : ""))
            ]
        }
        var client = SMTPClient(server: server, heloName: URLComponents(string: configuration.resolvedPublicURL)?.host ?? "localhost")
        client.timeout = mailTimeout
        do {
            try await client.verify()
            return [DoctorFinding(.ok, "mail", "\(server.host):\(server.port) greets, takes EHLO\(server.username == nil ? "" : " and the sign-in")")]
        } catch {
            return [DoctorFinding(.problem, "mail", "\(server.host):\(server.port): \(error)")]
        }
    }
}
