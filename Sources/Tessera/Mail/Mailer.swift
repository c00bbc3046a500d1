import Foundation
import Synchronization

// MARK: - MailDelivery

/// How a site delivers mail.
package enum MailDelivery: Sendable, Equatable {
    /// Not at all: a mail job fails with ``MailError/notConfigured`` (and waits among the failed
    /// jobs until a server is configured and it is retried).
    case off
    /// Through an SMTP server (``SMTPServer``: STARTTLS or TLS, and an account, as it says).
    case smtp(SMTPServer)
    /// Kept in this process's memory and shown at `/_tessera/mail` — what `--dev` does, so no
    /// mail leaves a developer's machine.
    case caught
}

// MARK: - Mailer

/// Delivers mail as the site's ``SiteConfiguration/mailDelivery`` says, for the job that sends a
/// ``Mail`` (``Mail/send(in:)``).
package final class Mailer: Sendable {
    /// How it delivers.
    package let delivery: MailDelivery
    /// The domain of the Message-IDs it makes.
    let domain: String
    /// The mails caught (``MailDelivery/caught``), newest last, at most ``caughtLimit``.
    private let caughtMails = Mutex<[Caught]>([])
    static let caughtLimit = 100

    /// A mail caught in development, with its Message-ID and when.
    package struct Caught: Sendable, Equatable {
        package let mail: Mail
        package let id: String
        package let date: Date
    }

    /// A mailer delivering as `delivery`, its Message-IDs in `domain`.
    init(delivery: MailDelivery, domain: String) {
        self.delivery = delivery
        self.domain = domain
    }

    /// Delivers `mail` with Message-ID `id` (the same on every try of one job).
    func deliver(_ mail: Mail, id: String) async throws {
        switch delivery {
        case .off:
            throw MailError.notConfigured
        case .smtp(let server):
            try await SMTPClient(server: server, heloName: domain).send(mail.message(id: id, date: Date(), domain: domain), from: mail.from, to: mail.to)
        case .caught:
            caughtMails.withLock { mails in
                if !mails.contains(where: { $0.id == id }) { mails.append(Caught(mail: mail, id: id, date: Date())) }
                if mails.count > Self.caughtLimit { mails.removeFirst(mails.count - Self.caughtLimit) }
            }
        }
    }

    /// The mails caught so far, newest last.
    package var caught: [Caught] { caughtMails.withLock { $0 } }
}
