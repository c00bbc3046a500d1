import Foundation
import Logging
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Mail leaves through a real SMTP server (Python's aiosmtpd on 127.0.0.1, storing what it
/// receives in a maildir), sent by a job enqueued with the action's transaction; nothing a person
/// typed can add a header.
@Suite("Mail")
struct MailTests {
    private static let ada = MailAddress("ada@example.test")!
    private static let site = MailAddress("club@example.test")!

    @Test("addresses that could add a header or a command are refused", arguments: [
        "ada@example.test\r\nBcc: eve@example.test", "ada@example.test>", "<ada@example.test>", "ada @example.test", "ada@example",
        "ada@exa_mple.test", "ada..lovelace@example.test", ".ada@example.test", "ada@-example.test", "", "@example.test",
        String(repeating: "a", count: 65) + "@example.test",
    ])
    func hostileAddresses(_ text: String) {
        #expect(MailAddress(text) == nil)
    }

    @Test("a subject with a line break or a control character is refused")
    func hostileSubjects() {
        for subject in ["Hi\r\nBcc: eve@example.test", "Hi\nthere", "Tab\tbed", "Bell\u{7}"] {
            #expect(throws: MailError.badSubject) { try Mail(from: Self.site, to: [Self.ada], subject: subject, text: "x") }
        }
        #expect(throws: MailError.noRecipient) { try Mail(from: Self.site, to: [], subject: "Hi", text: "x") }
    }

    @Test("a mail sent with a committed action reaches the SMTP server once, with its text and HTML; a rolled-back one never")
    func deliveredThroughSMTP() async throws {
        guard let server = try SMTPTestServer.start() else { return }
        defer { server.stop() }
        try await TestDatabases.onSQLite { database in
            var configuration = SiteConfiguration()
            configuration.mailDelivery = .smtp(SMTPServer(host: "127.0.0.1", port: server.port))
            configuration.mailDomain = "club.example.test"
            var logger = Logger(label: "mail-test")
            logger.logLevel = .critical
            let site = try await Site(configuration: configuration, templates: try TemplateLibrary(sources: []), database: database, logger: logger)
            let mail = try Mail(
                from: Self.site, to: [Self.ada], subject: "Ünïcode & a new comment", text: "Grace wrote:\n.\nA line that is a dot.",
                html: "<p>Grace wrote: <b>hi</b></p>")
            _ = try? await database.write { db in
                try await mail.send(in: db)
                throw MailError.noRecipient  // the action failed after enqueueing
            }
            try await database.write { db in try await mail.send(in: db) }
            #expect(try await site.drainJobs() == 1)
            #expect(try await JobQueue(database: database).pendingCount() == 0, "delivered, not waiting for a retry")
            let messages = try server.messages()
            #expect(messages.count == 1)
            let message = try #require(messages.first)
            #expect(message.contains("From: club@example.test\r\n") || message.contains("From: club@example.test\n"))
            #expect(message.contains("To: ada@example.test"))
            #expect(message.contains("Subject: =?utf-8?B?" + Data("Ünïcode & a new comment".utf8).base64EncodedString() + "?="))
            #expect(message.contains("@club.example.test>"))
            #expect(message.contains("multipart/alternative"))
            let parts = message.components(separatedBy: "Content-Transfer-Encoding: base64")
            #expect(parts.count == 3)
            let texts = parts.dropFirst().compactMap { part -> String? in
                let body = part.components(separatedBy: "--tessera-")[0].split(whereSeparator: \.isNewline).joined()
                return Data(base64Encoded: String(body)).map { String(decoding: $0, as: UTF8.self) }
            }
            #expect(texts == ["Grace wrote:\r\n.\r\nA line that is a dot.", "<p>Grace wrote: <b>hi</b></p>"])
        }
    }

    @Test("with no server configured a mail job fails, kept for a retry, saying why")
    func undeliverableIsKept() async throws {
        try await TestDatabases.onSQLite { database in
            var logger = Logger(label: "mail-test")
            logger.logLevel = .critical
            let site = try await Site(configuration: SiteConfiguration(), templates: try TemplateLibrary(sources: []), database: database, logger: logger)
            try await database.write { db in try await Mail(from: Self.site, to: [Self.ada], subject: "Hi", text: "x").send(in: db) }
            #expect(try await site.drainJobs() == 1)
            let waiting = try await database.read { db in try await db.fetchValue(String.self, "SELECT lastError FROM tessera_jobs") }
            #expect(waiting == MailError.notConfigured.description)
        }
    }

    @Test("over STARTTLS with an account the mail arrives; an untrusted certificate or no STARTTLS keeps it, the password unsent")
    func startTLSAndAccount() async throws {
        guard let secure = try SMTPTestServer.start(tls: true, account: "club:s3cret pass"),
            let plain = try SMTPTestServer.start(account: "club:s3cret pass")
        else { return }
        defer { secure.stop(); plain.stop() }
        let url = "smtp://club:s3cret%20pass@127.0.0.1:\(secure.port)"
        let trusted = try #require(SMTPServer(url: url, trustRoots: secure.certificate))
        #expect(trusted.security == .startTLS && trusted.username == "club" && trusted.password == "s3cret pass")
        let cases: [(SMTPServer, delivered: Bool, error: String?)] = [
            (trusted, true, nil),
            (SMTPServer(host: "127.0.0.1", port: secure.port, security: .startTLS, username: "club", password: "s3cret pass"), false, "TESSERA_SMTP_CA"),
            (SMTPServer(host: "127.0.0.1", port: plain.port, security: .startTLS, username: "club", password: "s3cret pass"), false,
             "does not offer STARTTLS"),
        ]
        for (server, delivered, error) in cases {
            try await TestDatabases.onSQLite { database in
                var configuration = SiteConfiguration()
                configuration.mailDelivery = .smtp(server)
                var logger = Logger(label: "mail-test")
                logger.logLevel = .critical
                let site = try await Site(configuration: configuration, templates: try TemplateLibrary(sources: []), database: database, logger: logger)
                try await database.write { db in try await Mail(from: Self.site, to: [Self.ada], subject: "Hi", text: "over TLS").send(in: db) }
                #expect(try await site.drainJobs() == 1)
                let lastError = try await database.read { db in try await db.fetchValue(String?.self, "SELECT lastError FROM tessera_jobs") ?? nil }
                #expect((lastError == nil) == delivered, "\(server): \(lastError ?? "delivered")")
                if let error { #expect(lastError?.contains(error) == true, "\(lastError ?? "")") }
            }
        }
        #expect(try secure.messages().count == 1)
        #expect(try plain.messages().isEmpty)
    }

    @Test("SMTP URLs: the scheme and an account choose the port and the encryption; anything else is refused")
    func smtpURLs() {
        #expect(SMTPServer(url: "smtp://relay.internal") == SMTPServer(host: "relay.internal", port: 25, security: .startTLSWhenOffered))
        #expect(SMTPServer(url: "smtp://u:p@mail.example.com")?.port == 587)
        #expect(SMTPServer(url: "smtps://u:p@mail.example.com") == SMTPServer(host: "mail.example.com", port: 465, security: .tls, username: "u", password: "p"))
        for bad in ["http://mail.example.com", "smtp://", "smtp://u@mail.example.com", "smtp://mail.example.com/path", "smtp://h?x=1"] {
            #expect(SMTPServer(url: bad) == nil, "\(bad)")
        }
    }
}

// MARK: - SMTPTestServer

/// Python's aiosmtpd on a free port of 127.0.0.1 (`Tests/Fixtures/smtp_server.py`), keeping
/// what it receives in a maildir; nil (and a note) when python3 or aiosmtpd is missing
/// (`python3 -m pip install aiosmtpd`; CI installs it).
struct SMTPTestServer {
    let port: Int
    let process: ChildProcess
    let folder: URL

    /// A server; with `tls`, one offering STARTTLS (and requiring it) with a new self-signed
    /// certificate for 127.0.0.1 (``certificate``); with `account` (`user:password`), one
    /// requiring that account, over TLS only.
    static func start(tls: Bool = false, account: String? = nil) throws -> SMTPTestServer? {
        guard ChildProcess.run(["python3", "-c", "import aiosmtpd"], quiet: true) == 0 else {
            print("SMTP tests skipped: python3 with aiosmtpd is not installed (python3 -m pip install aiosmtpd)")
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = Int.random(in: 20_000...40_000)
        var arguments = ["python3", Self.script.path, "--port", String(port), "--maildir", folder.appendingPathComponent("box").path]
        if tls {
            ChildProcess.run([
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.appendingPathComponent("key.pem").path,
                "-out", folder.appendingPathComponent("cert.pem").path,
            ], quiet: true)
            arguments += ["--cert", folder.appendingPathComponent("cert.pem").path, "--key", folder.appendingPathComponent("key.pem").path]
        }
        if let account { arguments += ["--auth", account] }
        let process = try ChildProcess(arguments)
        let server = SMTPTestServer(port: port, process: process, folder: folder)
        for _ in 0..<100 where !server.accepts() { Thread.sleep(forTimeInterval: 0.05) }  // until it listens, at most 5 s
        return server
    }

    /// The fixture server's script.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/smtp_server.py")

    /// The self-signed certificate of a server started with `tls` (a PEM file).
    var certificate: String { folder.appendingPathComponent("cert.pem").path }

    /// Whether something listens on the port.
    private func accepts() -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The messages received, in the order the maildir lists them.
    func messages() throws -> [String] {
        let new = folder.appendingPathComponent("box/new")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: new.path)) ?? []
        return try names.sorted().map { try String(contentsOf: new.appendingPathComponent($0), encoding: .utf8) }
    }

    func stop() {
        process.kill()  // its thread waits for ever
        try? FileManager.default.removeItem(at: folder)
    }
}
