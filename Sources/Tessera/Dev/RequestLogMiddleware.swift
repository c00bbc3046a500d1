import Hummingbird
import Logging

// MARK: - RequestLogMiddleware

/// Logs one line per request: method, path, status, total time, SQL count, and each
/// component's load time and SQL count.
///
/// `GET /users/1 200 8.41ms sql=4 [user-info 0.62ms 1q, blog-list 1.90ms 1q]`
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

    /// The log line for a finished request.
    static func line(_ request: Request, status: Int, elapsed: Duration, log: RequestLog) -> String {
        var line = "\(request.method) \(request.uri.path) \(status) \(milliseconds(elapsed))ms sql=\(log.queries)"
        let parts = log.components.map { "\($0.id) \(milliseconds($0.duration))ms \($0.queries)q" }
        if !parts.isEmpty { line += " [" + parts.joined(separator: ", ") + "]" }
        return line
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
