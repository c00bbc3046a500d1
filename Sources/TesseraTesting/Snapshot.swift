import Foundation
import Tessera
import Testing

// MARK: - Snapshot

/// HTML snapshots kept next to the tests, in `__Snapshots__/<TestFile>/<name>.html`.
///
/// Canonicalised so a diff reads well: one tag boundary per line, a form's one-time token
/// replaced by `ONCE-TOKEN`, every other token (the session's CSRF token) by `CSRF-TOKEN`, and
/// the data generation a live component was rendered at by `GENERATION`. Every snapshot is also
/// checked with libxml2 and the element-balance scanner in the same run.
///
/// Re-record: `TESSERA_RECORD_SNAPSHOTS=1 swift test`, then review the diff with `git diff`.
/// A missing snapshot is written, for `git status` to show beside the code that made it; the
/// test passes, except where the environment says `CI` (as CI services do), where nobody would
/// see the new file: there it fails. (Exclude `__Snapshots__` folders from the test target in
/// `Package.swift`.)
public enum Snapshot {
    /// The environment variable that re-records every snapshot when set to `1`.
    public static let recordVariable = "TESSERA_RECORD_SNAPSHOTS"

    /// Whether the environment's `CI` says the tests run where nobody reads new files (set, and
    /// not `0` or `false`).
    static var isContinuousIntegration: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false"].contains(value)
    }

    /// `html` in its canonical form.
    public static func canonical(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "><", with: ">\n<")
        text = text.replacing(try! Regex("name=\"_once\" value=\"[0-9a-f]{64}\""), with: "name=\"_once\" value=\"ONCE-TOKEN\"")
        text = text.replacing(try! Regex("[0-9a-f]{64}"), with: "CSRF-TOKEN")
        text = text.replacing(try! Regex("data-tessera-live-since=\"[0-9]+\""), with: "data-tessera-live-since=\"GENERATION\"")
        // Fingerprinted asset URLs (`/css/app.<hash>.css`) as their plain paths: an edit to the
        // stylesheet does not change every snapshot.
        text = text.replacing(try! Regex("\\.[0-9a-f]{12}(\\.[a-z0-9]+\")"), with: { $0.output[1].substring.map(String.init) ?? "" })
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// Checks `html` is valid and matches the snapshot `name` of the calling test file.
    public static func expectMatch(
        _ html: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let problems = HTMLValidator.problems(in: html, file: name + ".html")
        #expect(problems.isEmpty, "snapshot \(name) is not valid HTML: \(problems)", sourceLocation: sourceLocation)
        #expect(!html.isEmpty, sourceLocation: sourceLocation)

        let testFile = URL(fileURLWithPath: filePath)
        let folder = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        let file = folder.appendingPathComponent(name + ".html")
        let actual = canonical(html)
        let recording = ProcessInfo.processInfo.environment[recordVariable] == "1"
        guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            if !recording, isContinuousIntegration {
                Issue.record("no snapshot \(file.path): recorded it, but CI is set; commit the snapshot", sourceLocation: sourceLocation)
            }
            return
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(a, e)).firstIndex { $0.0 != $0.1 } ?? min(a.count, e.count)
            let got = line < a.count ? String(a[line]) : "<end>"
            let want = line < e.count ? String(e[line]) : "<end>"
            Issue.record(
                "snapshot \(name) differs at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)\n(re-record with \(recordVariable)=1)",
                sourceLocation: sourceLocation)
        }
    }
}
