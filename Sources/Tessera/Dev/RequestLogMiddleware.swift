import Hummingbird
import Logging

// MARK: - RequestLogMiddleware

/// Logs one line per request: method, path, status, total time, SQL count, each loaded
/// component's load time and SQL count, how many were reused from earlier requests, and
/// whether a visitor's whole page was.
///
/// `GET /users/1 200 8.41ms sql=4 [user-info 0.62ms 1q, blog-list 1.90ms 1q]`,
/// `GET /users/1 200 0.14ms sql=0 [12 reused]`, `GET /users/1 200 0.05ms sql=0 page kept`
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    /// Logs to `logger` at `info`.
    init(logger: Logger) { self.logger = logger }

    /// Runs the request with a fresh ``RequestLog`` bound, then logs its line (errors too).
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let log = RequestLog()
        let start = ContinuousClock.now
        do {
            let response = try await RequestLog.$current.withValue(log) { try await next(request, context) }
            logger.info("\(Self.line(request, status: Int(response.status.code), elapsed: ContinuousClock.now - start, log: log))")
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            logger.info("\(Self.line(request, status: Int(status), elapsed: ContinuousClock.now - start, log: log))")
            throw error
        }
    }

    /// The log line for a finished request, written into one string.
    static func line(_ request: Request, status: Int, elapsed: Duration, log: RequestLog) -> String {
        let components = log.components
        var line = ""
        line.reserveCapacity(64 + components.count * 32)
        line += request.method.rawValue
        line += " "
        line += request.uri.path
        line += " "
        line += String(status)
        line += " "
        appendMilliseconds(elapsed, to: &line)
        line += "ms sql="
        line += String(log.queries)
        for (index, component) in components.enumerated() {
            line += index == 0 ? " [" : ", "
            line += component.id
            line += " "
            appendMilliseconds(component.duration, to: &line)
            line += "ms "
            line += String(component.queries)
            line += "q"
        }
        let reused = log.reused
        if reused > 0 {
            line += components.isEmpty ? " [" : ", "
            line += String(reused)
            line += " reused"
        }
        if !components.isEmpty || reused > 0 { line += "]" }
        if log.pageKept { line += " page kept" }
        return line
    }

    /// `duration` in milliseconds with two decimals (`8.41`).
    static func milliseconds(_ duration: Duration) -> String {
        var text = ""
        appendMilliseconds(duration, to: &text)
        return text
    }

    /// Appends ``milliseconds(_:)`` of `duration` to `text`.
    private static func appendMilliseconds(_ duration: Duration, to text: inout String) {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        text += String(hundredths / 100)
        text += fraction < 10 ? ".0" : "."
        text += String(fraction)
    }
}
