import Foundation
import Tessera
import TesseraDemo
import Testing

/// `tessera validate --views COPY` on a copy of the demo's templates: a key no view model
/// provides, or a template file that is gone, fails with the file, line, column and Swift type.
/// Runs the real `tessera` executable the package builds.
@Suite("tessera validate on changed templates", .serialized)
struct ValidateViewsTests {
    static let executable = TestSite.repository.appendingPathComponent(".build/debug/tessera")

    /// Runs `tessera validate --views views`; returns its exit status and both outputs.
    func validate(_ views: URL) throws -> (status: Int32, output: String) {
        try ChildProcess.run(Self.executable.path, ["validate", "--views", views.path])
    }

    /// A copy of the repository's `Views/` in a new temporary folder.
    func copyOfViews() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("Views")
        try FileManager.default.copyItem(at: TestSite.repository.appendingPathComponent("Views"), to: copy)
        return copy
    }

    @Test("the demo's templates validate")
    func unchangedViewsPass() throws {
        let copy = try copyOfViews()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let result = try validate(copy)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("templates OK"))
    }

    @Test("{{moreURL}} misspelt in BlogListComponent's template fails with file:line:col, the key and the Swift type")
    func misspeltKeyFails() throws {
        let copy = try copyOfViews()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let file = copy.appendingPathComponent("Users/BlogListComponent.mustache")
        let text = try String(contentsOf: file, encoding: .utf8)
        // The pager's partial reads `moreURL`; here the template itself reads it, misspelt.
        try text.replacingOccurrences(of: "{{> Tessera/PagerMore}}", with: "<a href=\"{{moreURLx}}\">More</a>")
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try validate(copy)
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "Views/Users/BlogListComponent.mustache:5:10: key 'moreURLx' is not provided by BlogListComponent.Model (BlogListComponent)"),
            "\(result.output)")
    }

    @Test("a misspelt key inside a form's field fails with file:line:col, the key and FormField")
    func misspeltFieldKeyFails() throws {
        let copy = try copyOfViews()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let file = copy.appendingPathComponent("Tessera/SignInForm.mustache")
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = #"{{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}"#
        #expect(text.contains(line))
        try text.replacingOccurrences(of: line, with: line + #"{{#password}}<p class="hint">{{hnt}}</p>{{/password}}"#)
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try validate(copy)
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "Views/Tessera/SignInForm.mustache:7:84: key 'hnt' is not provided by FormField (SignInFormComponent)"),
            "\(result.output)")
    }

    @Test("a deleted template fails, naming the type that renders it")
    func deletedTemplateFails() throws {
        let copy = try copyOfViews()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Blogs/BlogCell.mustache"))
        let result = try validate(copy)
        #expect(result.status != 0)
        #expect(result.output.contains("BlogCell: has no template (expected Views/**/BlogCell.mustache)"), "\(result.output)")
    }

    @Test(
        "deleting a template no convention finds fails naming the file and the type",
        arguments: [
            ("Messages/MessageSection", "MessageSection: has no template (expected Views/**/MessageSection.mustache)"),
            (
                "Users/OwnProfileScene",
                "UserScene: its variant 'own' names template 'Users/OwnProfileScene', which does not exist (expected Views/Users/OwnProfileScene.mustache)"
            ),
            (
                "Layouts/Main",
                "DemoApp: declares the layout 'Layouts/Main', which does not exist (expected Views/Layouts/Main.mustache)"
            ),
        ])
    func deletedDeclaredTemplateFails(template: String, message: String) throws {
        let copy = try copyOfViews()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        try FileManager.default.removeItem(at: copy.appendingPathComponent(template + ".mustache"))
        let result = try validate(copy)
        #expect(result.status != 0)
        #expect(result.output.contains(message), "\(result.output)")
    }

    /// Every `.mustache` under `Views/`, deleted one at a time from one copy (put back after
    /// each), checked in this process the way `validate` checks (``TesseraApp/check(_:)``): each
    /// deletion must fail, naming the template.
    @Test("deleting any one of the demo's templates fails the check, naming it")
    func everyTemplateIsRequired() throws {
        let copy = try copyOfViews()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        var configuration = TesseraConfiguration()
        configuration.viewsDirectory = copy.path
        _ = try DemoApp().check(configuration)
        let files = (FileManager.default.enumerator(atPath: copy.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".mustache") }.sorted()
        #expect(files.count > 40, "found \(files.count) templates")
        // Views/Tessera/ replaces Tessera's own templates: deleting one brings Tessera's back.
        // A mail's HTML part is optional: without it the mail is plain text.
        for file in files where !file.hasPrefix("Tessera/") && !file.hasSuffix(".html.mustache") {
            let url = copy.appendingPathComponent(file)
            let text = try Data(contentsOf: url)
            try FileManager.default.removeItem(at: url)
            defer { try? text.write(to: url) }
            let name = String(file.dropLast(".mustache".count))
            let typeName = String(name.split(separator: "/").last ?? "")
            do {
                _ = try DemoApp().check(configuration)
                Issue.record("deleting Views/\(file) passed the check")
            } catch {
                let output = "\(error)"
                #expect(
                    output.contains(name) || output.contains("**/\(typeName).mustache"),
                    "deleting Views/\(file): \(output)")
            }
        }
    }
}
