// MARK: - ErrorReporter

/// Receives what went wrong in a running app — every `5xx` answer and every job that failed
/// for good — with its context (``ErrorReport``): to send to an error tracker, page someone, or
/// count. An app registers its reporters with ``TesseraApp/errorReporters``:
///
/// ```swift
/// struct BookClub: TesseraApp {
///     var errorReporters: [any ErrorReporter] { [TrackerReporter(endpoint: …)] }
/// }
/// ```
///
/// A report never holds the request's form values, its query, its cookies or its body: only
/// where it happened, who asked, and the error. A request's reports are made on its own task
/// before its answer is written, so a reporter that talks to a network should queue the report
/// and return.
public protocol ErrorReporter: Sendable {
    /// Takes one report.
    func report(_ report: ErrorReport) async
}
