import Foundation

// MARK: - Operations settings

extension TesseraConfiguration {
    /// Reads the settings of running in production from `environment`: `TESSERA_LOG_FORMAT` (`text` or `json`), `TESSERA_FAILED_JOB_RETENTION` (days, or `forever`), `TESSERA_METRICS_PORT` (1 to 65535), `TESSERA_DRAIN_GRACE`
    /// (seconds, 0 to 86,400) and `TESSERA_DRAIN_TIMEOUT` (seconds, more than 0, at most 86,400).
    mutating func readOperationSettings(_ environment: [String: String]) throws {
        if let format = environment["TESSERA_LOG_FORMAT"], !format.isEmpty {
            guard let parsed = LogFormat(rawValue: format) else {
                throw ConfigurationError(message: "TESSERA_LOG_FORMAT must be 'text' or 'json', not '\(format)'")
            }
            logFormat = parsed
        }
        if let days = environment["TESSERA_FAILED_JOB_RETENTION"], !days.isEmpty {
            if days.lowercased() == "forever" {
                failedJobRetention = .some(nil)
            } else {
                guard let number = Double(days), number.isFinite, number > 0, number <= 36_500 else {
                    throw ConfigurationError(
                        message: "TESSERA_FAILED_JOB_RETENTION must be a number of days more than 0 and at most 36500, or 'forever', not '\(days)'")
                }
                failedJobRetention = .some(.seconds(number * 86_400))
            }
        }
        if let port = environment["TESSERA_METRICS_PORT"], !port.isEmpty {
            guard let number = Int(port), (1...65535).contains(number) else {
                throw ConfigurationError(message: "TESSERA_METRICS_PORT must be a number from 1 to 65535, not '\(port)'")
            }
            metricsPort = number
        }
        if let grace = environment["TESSERA_DRAIN_GRACE"], !grace.isEmpty {
            guard let duration = Self.duration(seconds: grace, allowingZero: true) else {
                throw ConfigurationError(message: "TESSERA_DRAIN_GRACE must be a number of seconds from 0 to 86400, not '\(grace)'")
            }
            drainGrace = duration
        }
        if let timeout = environment["TESSERA_DRAIN_TIMEOUT"], !timeout.isEmpty {
            guard let duration = Self.duration(seconds: timeout) else {
                throw ConfigurationError(
                    message: "TESSERA_DRAIN_TIMEOUT must be a number of seconds more than 0 and at most 86400, not '\(timeout)'")
            }
            drainTimeout = duration
        }
    }

    /// `text`, a number of seconds at most 86,400 (decimals allowed), more than 0 or, when
    /// `allowingZero`, 0 itself, as a duration to the millisecond; nil for anything else.
    static func duration(seconds text: String, allowingZero: Bool) -> Duration? {
        if allowingZero, let seconds = Double(text), seconds == 0 { return .zero }
        return duration(seconds: text)
    }
}
