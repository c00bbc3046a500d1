import Foundation

extension TesseraConfiguration {
    // MARK: - Environment

    /// The defaults, overridden by `HOST`, `PORT`, `TESSERA_DATABASE`, `TESSERA_VIEWS`,
    /// `TESSERA_PUBLIC`, `TESSERA_CLIENT_ADDRESS_HEADER`, `TESSERA_SECURE`, `TESSERA_COMPRESS`, `TESSERA_FRAGMENT_CACHE` (switches: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`, in any case), `TESSERA_EVENT_LOOPS` (a number from 1 to 256), `TESSERA_MAX_CONNECTIONS` (a number from 1 to 1,048,576), `TESSERA_JOB_WORKERS` (0 to 1,000), `TESSERA_JOB_LEASE` (seconds), `TESSERA_SMTP_URL` and `TESSERA_SMTP_CA`, `TESSERA_MAIL_FROM`, `TESSERA_PUBLIC_URL`, `TESSERA_CONNECTION_TIMEOUT` (seconds, more than 0 and at most 86,400, decimals allowed), `TESSERA_TIME_ZONE` (an IANA name such as `Europe/Berlin`) and `TESSERA_ENV` (`development` or `production`) where set. A value
    /// that does not parse is an error naming the variable.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> TesseraConfiguration
    {
        var configuration = TesseraConfiguration()
        if let host = environment["HOST"], !host.isEmpty { configuration.hostname = host }
        if let port = environment["PORT"], !port.isEmpty {
            guard let number = Int(port), (0...65535).contains(number) else {
                throw ConfigurationError(message: "PORT must be a number from 0 to 65535, not '\(port)'")
            }
            configuration.port = number
        }
        if let path = environment["TESSERA_DATABASE"], !path.isEmpty { configuration.databasePath = path }
        if let path = environment["TESSERA_VIEWS"], !path.isEmpty { configuration.viewsDirectory = path }
        if let path = environment["TESSERA_PUBLIC"], !path.isEmpty { configuration.publicDirectory = path }
        if let header = environment["TESSERA_CLIENT_ADDRESS_HEADER"], !header.isEmpty {
            configuration.clientAddressHeader = header
        }
        if let on = try Self.switchSetting("TESSERA_SECURE", in: environment) { configuration.usesTLS = on }
        if let on = try Self.switchSetting("TESSERA_COMPRESS", in: environment) { configuration.compressesResponses = on }
        if let on = try Self.switchSetting("TESSERA_FRAGMENT_CACHE", in: environment) { configuration.reusesFragments = on }
        if let loops = environment["TESSERA_EVENT_LOOPS"], !loops.isEmpty {
            guard let number = Int(loops), Self.eventLoopRange.contains(number) else {
                throw ConfigurationError(message: "TESSERA_EVENT_LOOPS must be a number from 1 to 256, not '\(loops)'")
            }
            configuration.eventLoopThreads = number
        }
        if let cap = environment["TESSERA_MAX_CONNECTIONS"], !cap.isEmpty {
            guard let number = Int(cap), Self.maxConnectionsRange.contains(number) else {
                throw ConfigurationError(message: "TESSERA_MAX_CONNECTIONS must be a number from 1 to 1048576, not '\(cap)'")
            }
            configuration.maxConnections = number
        }
        for (name, setting) in [("TESSERA_LIVE_STREAMS_PER_VIEWER", \Self.liveStreamsPerViewer), ("TESSERA_LIVE_STREAMS_PER_ADDRESS", \Self.liveStreamsPerAddress)] {
            guard let text = environment[name], !text.isEmpty else { continue }
            guard let number = Int(text), Self.maxConnectionsRange.contains(number) else {
                throw ConfigurationError(message: "\(name) must be a number from 1 to 1048576, not '\(text)'")
            }
            configuration[keyPath: setting] = number
        }
        if let workers = environment["TESSERA_JOB_WORKERS"], !workers.isEmpty {
            guard let number = Int(workers), Self.jobWorkersRange.contains(number) else {
                throw ConfigurationError(message: "TESSERA_JOB_WORKERS must be a number from 0 to 1000, not '\(workers)'")
            }
            configuration.jobWorkers = number
        }
        if let url = environment["TESSERA_SMTP_URL"], !url.isEmpty {
            let trustRoots = environment["TESSERA_SMTP_CA"].flatMap { $0.isEmpty ? nil : $0 }
            guard let server = SMTPServer(url: url, trustRoots: trustRoots) else {
                throw ConfigurationError(
                    message: "TESSERA_SMTP_URL must be smtp://[USER:PASSWORD@]HOST[:PORT] or smtps://…, not '\(url.replacingOccurrences(of: #":[^:@/]*@"#, with: ":…@", options: .regularExpression))'")
            }
            if let trustRoots, !FileManager.default.isReadableFile(atPath: trustRoots) {
                throw ConfigurationError(message: "TESSERA_SMTP_CA names '\(trustRoots)', which cannot be read")
            }
            if let problem = server.problemWithoutTLS { throw ConfigurationError(message: problem) }
            configuration.smtpServer = server
        }
        if let from = environment["TESSERA_MAIL_FROM"], !from.isEmpty {
            guard let address = MailAddress(from) else {
                throw ConfigurationError(message: "TESSERA_MAIL_FROM must be an e-mail address, not '\(from)'")
            }
            configuration.mailFrom = address
        }
        if let url = environment["TESSERA_PUBLIC_URL"], !url.isEmpty {
            guard let checked = Self.publicURL(url) else {
                throw ConfigurationError(message: "TESSERA_PUBLIC_URL must be http(s)://HOST[:PORT] without a path, not '\(url)'")
            }
            configuration.publicURL = checked
        }
        if let lease = environment["TESSERA_JOB_LEASE"], !lease.isEmpty {
            guard let duration = Self.duration(seconds: lease) else {
                throw ConfigurationError(message: "TESSERA_JOB_LEASE must be a number of seconds more than 0 and at most 86400, not '\(lease)'")
            }
            configuration.jobLease = duration
        }
        if let timeout = environment["TESSERA_CONNECTION_TIMEOUT"], !timeout.isEmpty {
            guard let duration = Self.duration(seconds: timeout) else {
                throw ConfigurationError(
                    message: "TESSERA_CONNECTION_TIMEOUT must be a number of seconds more than 0 and at most 86400, not '\(timeout)'")
            }
            configuration.connectionTimeout = duration
        }
        if let name = environment["TESSERA_TIME_ZONE"], !name.isEmpty {
            guard let zone = Self.timeZone(named: name) else {
                throw ConfigurationError(message: "TESSERA_TIME_ZONE must name a time zone such as Europe/Berlin or UTC, not '\(name)'")
            }
            configuration.timeZone = zone
        }
        try configuration.readOperationSettings(environment)
        if let mode = environment["TESSERA_ENV"], !mode.isEmpty {
            guard let parsed = Mode(rawValue: mode) else {
                throw ConfigurationError(message: "TESSERA_ENV must be 'development' or 'production', not '\(mode)'")
            }
            configuration.mode = parsed
        }
        return configuration
    }

    /// The switch `name` in `environment`: nil when unset or empty; `1`, `true`, `yes`, `on` are
    /// on and `0`, `false`, `no`, `off` off, in any case. Anything else is an error naming the
    /// variable and its value, so a typo never silently turns a safety switch off.
    static func switchSetting(_ name: String, in environment: [String: String]) throws -> Bool? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            throw ConfigurationError(
                message: "\(name) must be one of 1/0, true/false, yes/no, on/off (any case), not '\(value)'")
        }
    }

    /// The event loop counts accepted.
    static let eventLoopRange = 1...256

    /// The connection caps accepted.
    static let maxConnectionsRange = 1...1_048_576
    /// The job workers a process may run.
    static let jobWorkersRange = 0...1_000

    /// `text` as a public address — `http://` or `https://`, a host, an optional port, no user,
    /// path, query or fragment — without a final `/`; nil for anything else.
    static func publicURL(_ text: String) -> String? {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = parts.host, !host.isEmpty, parts.user == nil, parts.password == nil, parts.path.isEmpty || parts.path == "/",
            parts.query == nil, parts.fragment == nil
        else { return nil }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// ``publicURL``, or one made from the address the server listens on.
    var resolvedPublicURL: String {
        if let publicURL { return publicURL }
        let host = hostname == "0.0.0.0" || hostname == "::" ? "localhost" : hostname
        let defaultPort = usesTLS ? 443 : 80
        return (usesTLS ? "https://" : "http://") + (host.contains(":") ? "[\(host)]" : host) + (port == defaultPort ? "" : ":\(port)")
    }

    /// `text`, a number of seconds more than 0 and at most 86,400 (decimals allowed), as a
    /// duration to the millisecond (at least one); nil for anything else.
    static func duration(seconds text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else { return nil }
        return .milliseconds(max(1, Int64((seconds * 1000).rounded())))
    }

    /// The time zone `name` names: an IANA identifier (`Europe/Berlin`, `America/New_York`) or
    /// `UTC`; nil for anything else (an abbreviation such as `CET` means different things in
    /// different places, and Foundation's guesses at one are not taken).
    static func timeZone(named name: String) -> TimeZone? {
        guard name == "UTC" || name.contains("/"), let zone = TimeZone(identifier: name) else { return nil }
        return zone
    }
}
