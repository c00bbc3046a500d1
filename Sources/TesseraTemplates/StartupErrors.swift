// MARK: - StartupErrors

/// Every start-up problem; thrown before the server opens its port.
package struct StartupErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order found.
    package let problems: [StartupProblem]

    /// Errors of `problems`.
    package init(problems: [StartupProblem]) {
        self.problems = problems
    }

    /// One problem a line.
    package var description: String { problems.map(\.description).joined(separator: "\n") }
}
