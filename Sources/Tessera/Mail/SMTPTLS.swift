import NIOCore
#if TLS
import NIOSSL
#endif

// MARK: - SMTPTLS

/// TLS for ``SMTPClient``: a client context checking the server's certificate against the
/// system's roots or a PEM file, and the handler that encrypts a connection. Without Tessera's
/// `TLS` trait there is none: start-up refuses a server that needs it
/// (``SMTPServer/problemWithoutTLS``), and a server reached on this machine gets plain SMTP.
struct SMTPTLS {
    #if TLS
    /// Whether this build can encrypt mail.
    static let isAvailable = true

    private let context: NIOSSLContext

    /// A client context checking certificates against `trustRoots` (a PEM file) or the system's.
    init(trusting trustRoots: String?) throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustRoots { configuration.trustRoots = .file(trustRoots) }
        context = try NIOSSLContext(configuration: configuration)
    }

    /// The TLS handler for `host`: its name checked against the certificate (an IP address
    /// against the certificate's addresses).
    func handler(host: String) throws -> any ChannelHandler {
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
    }

    /// Whether `error` is TLS failing (most often: a certificate that is not trusted).
    static func isFailure(_ error: any Error) -> Bool { error is NIOSSLError }
    #else
    /// Whether this build can encrypt mail.
    static let isAvailable = false

    init(trusting trustRoots: String?) throws {}

    func handler(host: String) throws -> any ChannelHandler {
        throw MailError.tls("this app was built without Tessera's \"TLS\" trait")
    }

    static func isFailure(_ error: any Error) -> Bool { false }
    #endif
}
