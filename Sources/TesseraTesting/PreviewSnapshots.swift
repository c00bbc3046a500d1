import Foundation
import Tessera
import Testing

// MARK: - PreviewSnapshots

/// Every preview of an app as an HTML snapshot, so a preview can never rot. One line per app
/// opts in, in any test file:
///
/// ```swift
/// @Test func everyPreviewMatchesItsSnapshot() async throws {
///     await PreviewSnapshots.expectAllMatch(try TestApp<BookClub>())
/// }
/// ```
///
/// Each preview of `TesseraApp.previews` is rendered alone (on a database of its own, see
/// `PreviewRunner`) and compared with `__Snapshots__/<TestFile>/<type>.<preview>.html`,
/// validated as ``Snapshot`` does; a preview that cannot render, or an app without previews,
/// fails the test.
public enum PreviewSnapshots {
    /// Checks every preview of `testApp`'s app against its snapshot, then deletes the app's files.
    public static func expectAllMatch<App: TesseraApp>(
        _ testApp: TestApp<App>, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        defer { testApp.removeFiles() }
        let runner = PreviewRunner(app: testApp.app, site: testApp.site)
        #expect(!runner.groups.isEmpty, "\(App.self) lists no previews", sourceLocation: sourceLocation)
        for group in runner.groups {
            #expect(!group.previews.isEmpty, "\(group.name) has no previews", sourceLocation: sourceLocation)
            var seen: Set<String> = []
            for preview in group.previews {
                #expect(seen.insert(preview.slug).inserted, "\(group.name) has two previews named \(preview.slug)", sourceLocation: sourceLocation)
                let rendered = await runner.render(preview)
                if let failure = rendered.failure {
                    Issue.record("preview \(group.name) · \(preview.name) could not render: \(failure)", sourceLocation: sourceLocation)
                    continue
                }
                Snapshot.expectMatch(
                    rendered.html, named: group.slug + "." + preview.slug, filePath: filePath, sourceLocation: sourceLocation)
            }
        }
    }
}
