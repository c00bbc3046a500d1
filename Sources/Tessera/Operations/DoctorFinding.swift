// MARK: - DoctorFinding

/// One line of `tessera doctor`: what was checked, and whether it is fine, wrong, or worth
/// knowing.
package struct DoctorFinding: Sendable, Equatable, CustomStringConvertible {
    /// How a check came out.
    package enum Verdict: String, Sendable {
        /// Fine.
        case ok = "ok"
        /// Worth knowing; not wrong.
        case note = "note"
        /// Wrong: the doctor exits non-zero.
        case problem = "PROBLEM"
    }

    package let verdict: Verdict
    /// What was checked (`public URL`, `database`).
    package let subject: String
    /// What was found, and for a problem what to do.
    package let text: String

    package init(_ verdict: Verdict, _ subject: String, _ text: String) {
        (self.verdict, self.subject, self.text) = (verdict, subject, text)
    }

    /// `PROBLEM  public URL: …`.
    package var description: String {
        verdict.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + subject + ": " + text
    }
}
