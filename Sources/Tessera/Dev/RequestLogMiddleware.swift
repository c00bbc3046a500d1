import HTTPTypes
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
    /// Text lines, or the same line with its facts as keys (``LogFormat/json``).
    let format: LogFormat
    /// Told of every `5xx`.
    let reporter: ErrorReporting

    /// Logs to `logger` at `info`, in `format` (default text), and reports `5xx` answers to
    /// `reporter` (default no one).
    init(logger: Logger, format: LogFormat = .text, reporter: ErrorReporting = ErrorReporting([])) {
        self.logger = logger
        self.format = format
        self.reporter = reporter
    }

    /// Runs the request with a fresh ``RequestLog`` bound, then logs its line (errors too) and
    /// reports a `5xx`.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let log = RequestLog(requestID: Self.requestID(of: request))
        let start = ContinuousClock.now
        do {
            let response = try await RequestLog.$current.withValue(log) { try await next(request, context) }
            await finish(request, context, status: Int(response.status.code), elapsed: ContinuousClock.now - start, log: log, error: nil)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            await finish(request, context, status: Int(status), elapsed: ContinuousClock.now - start, log: log, error: error)
            throw error
        }
    }

    /// Writes the request's line and reports a `5xx` with the error it was made from.
    private func finish(_ request: Request, _ context: Context, status: Int, elapsed: Duration, log: RequestLog, error: (any Error)?) async {
        let line = Self.line(request, status: status, elapsed: elapsed, log: log)
        switch format {
        case .text: logger.info("\(line)")
        case .json: logger.info("\(line)", metadata: Self.facts(request, route: context.endpointPath, status: status, elapsed: elapsed, log: log))
        }
        guard status >= 500, !reporter.isEmpty else { return }
        await reporter.report(
            ErrorReport(
                origin: .request(method: request.method.rawValue, route: context.endpointPath ?? request.uri.path, status: status),
                requestID: log.requestID, memberID: log.member, error: error ?? log.failure))
    }

    /// A request's facts as log metadata, for ``LogFormat/json``.
    static func facts(_ request: Request, route: String?, status: Int, elapsed: Duration, log: RequestLog) -> Logger.Metadata {
        var facts: Logger.Metadata = [
            "request_id": .string(log.requestID), "method": .string(request.method.rawValue), "path": .string(request.uri.path),
            "status": .stringConvertible(status), "duration_ms": .stringConvertible((Double(elapsed.nanoseconds) / 10_000).rounded() / 100),
            "statements": .stringConvertible(log.queries),
        ]
        if let route { facts["route"] = .string(route) }
        if let member = log.member { facts["member_id"] = .stringConvertible(member) }
        return facts
    }

    /// The id a proxy gave the request in `X-Request-ID` (nginx's `$request_id`): 1 to 64
    /// letters, digits, `-`, `_` or `.`; nil for none or anything else.
    static func requestID(of request: Request) -> String? {
        guard let id = request.headers[requestIDHeader], (1...64).contains(id.utf8.count), id.utf8.allSatisfy(isIDByte) else { return nil }
        return id
    }

    /// Whether `byte` may stand in a request id: an ASCII letter or digit, `-`, `_` or `.`.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
        default: false
        }
    }

    /// `X-Request-ID`.
    static var requestIDHeader: HTTPField.Name { HTTPField.Name("X-Request-ID")! }

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
