import Foundation

// MARK: - Mail

/// One e-mail: its sender, recipients, subject, and a text body with an optional HTML one.
/// Made only from checked parts — ``MailAddress``es, and a subject without line breaks or control
/// characters — so nothing a person typed can add a header. ``Mail/send(in:)`` enqueues it; a job
/// delivers it (`SiteConfiguration.mailDelivery`).
public struct Mail: Sendable, Equatable, Codable {
    /// Who it is from.
    package let from: MailAddress
    /// Who it is to.
    public let to: [MailAddress]
    /// The subject, one line.
    public let subject: String
    /// The plain-text body.
    public let text: String
    /// The HTML body, or nil.
    public let html: String?

    /// A mail, or ``MailError`` when the subject could add a header or there is no recipient.
    package init(from: MailAddress, to: [MailAddress], subject: String, text: String, html: String? = nil) throws(MailError) {
        guard !to.isEmpty else { throw .noRecipient }
        guard !subject.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), subject.utf8.count <= 998 else {
            throw .badSubject
        }
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
    }

    /// Enqueues this mail in `db`'s open write transaction (an action's: it is sent only if the
    /// action commits). A job delivers it, trying again when the server fails.
    public func send(in db: SQLConnection) async throws {
        try await JobQueue.enqueue(MailJob(mail: self), in: db)
    }

    // MARK: - The message

    /// The message as SMTP's DATA carries it: headers (the subject encoded when it is not
    /// ASCII), a blank line, and the body in base64 — one text part, or the text and the HTML
    /// as `multipart/alternative` — lines ending in CRLF, dot-stuffed, and the final `.`.
    func message(id: String, date: Date, domain: String) -> String {
        var lines = [
            "From: " + from.text, "To: " + to.map(\.text).joined(separator: ", "), "Subject: " + Self.encodedWord(subject),
            "Date: " + Self.rfc5322(date), "Message-ID: <\(id)@\(domain)>", "MIME-Version: 1.0",
        ]
        if let html {
            let boundary = "tessera-" + Digests.randomHex(bytes: 12)
            lines.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
            lines.append("")
            for (type, body) in [("text/plain", text), ("text/html", html)] {
                lines += ["--" + boundary] + Self.part(type: type, body: body)
            }
            lines.append("--" + boundary + "--")
        } else {
            lines += Self.part(type: "text/plain", body: text)
        }
        return lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n.\r\n"
    }

    private static func part(type: String, body: String) -> [String] {
        let encoded = Data(body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
            .base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", ""] + encoded.components(separatedBy: "\r\n")
    }

    /// `text` as is when it is printable ASCII, or as an RFC 2047 encoded word.
    static func encodedWord(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return "=?utf-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }

    private static func rfc5322(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}

// MARK: - MailError

/// Why a mail could not be made or sent.
public enum MailError: Error, Equatable, CustomStringConvertible {
    /// It has no recipient.
    case noRecipient
    /// Its subject holds a line break or a control character, or is over 998 bytes.
    case badSubject
    /// No way to deliver mail is configured (`SiteConfiguration.mailDelivery`, set by `TESSERA_SMTP_URL`).
    case notConfigured
    /// The SMTP server refused a command: the command's name and the server's reply.
    case refused(command: String, reply: String)
    /// The SMTP server's answer could not be read.
    case unreadableReply(String)
    /// TLS with the SMTP server failed (most often: its certificate is not trusted).
    case tls(String)
    /// A ``MailMessage``'s text template does not exist.
    case noTemplate(String)

    public var description: String {
        switch self {
        case .noRecipient: "a mail needs a recipient"
        case .badSubject: "a mail's subject must be one line without control characters, at most 998 bytes"
        case .notConfigured: "no SMTP server is configured (TESSERA_SMTP_URL)"
        case .refused(let command, let reply): "the SMTP server refused \(command): \(reply)"
        case .unreadableReply(let text): "the SMTP server's reply could not be read: \(text)"
        case .noTemplate(let name):
            "the mail template '\(name)' does not exist (list the mail in TesseraApp.mails so start-up checks its templates)"
        case .tls(let text):
            "TLS with the SMTP server failed (\(text)); if its certificate comes from a private authority, name that authority's PEM file in TESSERA_SMTP_CA"
        }
    }
}

// MARK: - MailJob

/// Tessera's job that delivers a ``Mail``: tried again when the server fails. Its Message-ID is
/// made from the job's id, so a try repeated after a delivery (its process died before recording
/// it) carries the same id, which receiving servers use to drop the copy.
struct MailJob: Job {
    static var name: String { "tessera.mail" }
    static var maxAttempts: Int { 8 }

    let mail: Mail

    func run(_ context: JobContext) async throws {
        let metrics = context.site.telemetry?.metrics
        do {
            try await context.site.mailer.deliver(mail, id: "tessera-job-\(context.id)")
            metrics?.mailSent.increment()
        } catch {
            metrics?.mailFailed.increment()
            throw error
        }
    }
}
