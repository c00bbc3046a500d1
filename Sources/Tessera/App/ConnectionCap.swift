import Logging

// MARK: - ConnectionCap

/// Settles a server's connection cap at start-up: raises the open-file limit when the
/// configuration asks (`serve` does), reads it, takes ``TesseraConfiguration/maxConnections`` or
/// the default the limit leaves room for, and logs the limit, the cap and the head deadline in
/// one line.
enum ConnectionCap {
    /// The open connections of a server run with `configuration`, counted against its cap.
    static func openConnections(for configuration: TesseraConfiguration, logger: Logger) -> OpenConnections {
        var raise = ""
        if configuration.raisesOpenFileLimit {
            let (before, after, failure) = OpenFileLimit.raised()
            if let failure {
                logger.warning("could not raise the open-file limit: \(failure)")
            } else if let before, let after, after.soft > before.soft {
                raise = " (raised from \(before.soft))"
            }
        }
        let limit = OpenFileLimit.current()
        let fileLimit = min(limit?.soft ?? 1024, OpenFileLimit.ceiling)
        let safe = TesseraConfiguration.defaultMaxConnections(
            openFileLimit: fileLimit, databaseConnections: databaseConnections(configuration))
        let cap = configuration.maxConnections ?? safe
        let hard = limit.map { $0.hard.map(String.init) ?? "unlimited" } ?? "unknown"
        logger.info(
            "open-file limit \(limit.map { String($0.soft) } ?? "unknown")\(raise), hard \(hard): at most \(cap) connections at once\(configuration.maxConnections == nil ? "" : " (set)"), a request head due within \(seconds(configuration.connectionTimeout)) s"
        )
        if cap > safe {
            logger.warning(
                "\(cap) connections may need more files than the open-file limit leaves (\(safe) would keep a reserve): past it, accepting backs off and database files may fail to open"
            )
        }
        return OpenConnections(cap: cap)
    }

    /// The connections the database keeps open to a server: the PostgreSQL pool, or 0.
    static func databaseConnections(_ configuration: TesseraConfiguration) -> Int {
        guard case .postgres(let location) = try? DatabaseLocation(configuration.databasePath) else { return 0 }
        return location.poolSize
    }

    /// `duration` in seconds, as short as it reads (`30`, `2.5`).
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }
}
