import Foundation
import Testing

@testable import TesseraNew

/// `tessera new` writes a complete app, and the Guide shows exactly that app, so the Guide's
/// code compiles wherever the generated app does (CI builds and tests one).
@Suite("New apps")
struct NewAppTests {
    static let template = NewAppTemplate(name: "BookClub", tesseraPath: "/src/Tessera")

    @Test("a new app has its package, sources, views, a test with its snapshot, a README, a .gitignore and a deploy kit")
    func filesOfANewApp() {
        let paths = Set(Self.template.files.map(\.0))
        for expected in [
            "Package.swift", "README.md", ".gitignore", "Sources/BookClub/BookClubApp.swift",
            "Sources/BookClub/Books/ShelfComponent.swift", "Sources/BookClub/Books/ShelfScene.swift",
            "Views/Books/BookCell.mustache", "Tests/BookClubTests/ShelfTests.swift",
            "Tests/BookClubTests/__Snapshots__/ShelfTests/shelf.html",
            "deploy/bookclub@.service", "deploy/nginx-site.conf", "deploy/release.sh", "deploy/Containerfile",
        ] {
            #expect(paths.contains(expected), "\(expected)")
        }
        let package = Self.template.files.first { $0.0 == "Package.swift" }?.1 ?? ""
        #expect(package.contains(#".package(path: "/src/Tessera", traits: [])"#))
        #expect(package.contains(#".product(name: "Tessera", package: "tessera")"#))
        #expect(Self.template.title == "Book Club")
    }

    @Test("every source and template the Guide shows is the generated app's, character for character")
    func guideShowsTheGeneratedApp() throws {
        let guide = try String(contentsOf: SharedFiles.repository.appendingPathComponent("Docs/Guide.md"), encoding: .utf8)
        let files = Dictionary(Self.template.files, uniquingKeysWith: { first, _ in first })
        var compared = 0
        for block in guide.components(separatedBy: "```").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            var lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()  // the language
            guard let first = lines.first else { continue }
            let path: String
            if first.hasPrefix("// Sources/") || first.hasPrefix("// Tests/") {
                path = String(first.dropFirst(3))
            } else if first.hasPrefix("{{! Views/") {
                path = String(first.dropFirst(4).dropLast(3))
            } else {
                continue
            }
            lines = lines.dropFirst()
            let shown = lines.joined(separator: "\n")
            #expect(files[path] == shown, "\(path)")
            compared += 1
        }
        #expect(compared == 12)
    }
}
