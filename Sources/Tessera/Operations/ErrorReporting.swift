import Logging

// MARK: - ErrorReporting

/// The site's ``ErrorReporter``s (``SiteConfiguration/errorReporters``), called one after the
/// other with each report.
package struct ErrorReporting: Sendable {
    let reporters: [any ErrorReporter]

    /// Reporting to `reporters`.
    package init(_ reporters: [any ErrorReporter]) { self.reporters = reporters }

    /// Whether any reporter listens (no report is made otherwise).
    var isEmpty: Bool { reporters.isEmpty }

    /// Hands `report` to every reporter.
    func report(_ report: @autoclosure () -> ErrorReport) async {
        guard !reporters.isEmpty else { return }
        let made = report()
        for reporter in reporters { await reporter.report(made) }
    }
}
