import Foundation

// MARK: - NewAppTemplate

/// The files `tessera new` writes: a small reading-list app, complete and tested.
struct NewAppTemplate {
    /// The package, executable and folder name (`BookClub`).
    let name: String
    /// The Tessera checkout the package depends on.
    let tesseraPath: String

    /// The app's type (`BookClubApp`).
    var appType: String { name + "App" }
    /// The site's name in titles (`Book Club`).
    var title: String {
        var result = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { result.append(" ") }
            result.append(character)
        }
        return result
    }
    /// The dependency's package identity: the checkout folder's name, lowercased.
    var packageIdentity: String { URL(fileURLWithPath: tesseraPath).lastPathComponent.lowercased() }

    /// Every file, by path relative to the package.
    var files: [(String, String)] {
        [
            ("Package.swift", package), ("README.md", readme), (".gitignore", gitignore),
            ("Sources/\(name)/\(appType).swift", app),
            ("Sources/\(name)/Books/Book.swift", book), ("Sources/\(name)/Books/BookStore.swift", store),
            ("Sources/\(name)/Books/BookCell.swift", cells), ("Sources/\(name)/Books/ShelfComponent.swift", component),
            ("Sources/\(name)/Books/ShelfComponent+Previews.swift", previews), ("Sources/\(name)/Books/ShelfScene.swift", scene),
            ("Views/Books/ShelfScene.mustache", sceneTemplate), ("Views/Books/ShelfComponent.mustache", "{{shelves}}\n"),
            ("Views/Books/ShelfHeaderCell.mustache", headerTemplate), ("Views/Books/BookCell.mustache", cellTemplate),
            ("Public/css/app.css", css),
            ("Tests/\(name)Tests/ShelfTests.swift", tests),
            ("Tests/\(name)Tests/__Snapshots__/ShelfTests/shelf.html", snapshot),
            ("Tests/\(name)Tests/__Snapshots__/ShelfTests/shelf-component.three-books.html", snapshot),
        ] + deployFiles
    }

    // MARK: - Package

    var package: String {
        #"""
        // swift-tools-version:6.1
        import Foundation
        import PackageDescription

        /// The HTML snapshots' folders (`__Snapshots__`) under a test target, which are not
        /// sources: found on disk, so deleting them leaves nothing to warn about.
        func snapshotFolders(_ target: String) -> [String] {
            let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Tests/" + target)
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: tests.path)) ?? []
            return paths.filter { $0.hasSuffix("__Snapshots__") }.sorted()
        }

        let package = Package(
            name: "\#(name)",
            platforms: [.macOS(.v14)],
            dependencies: [
                // Tessera's optional parts, each built only when named here: "PostgreSQL" (a
                // postgres:// database) and "TLS" (mail to an SMTP server on another machine).
                .package(path: "\#(tesseraPath)", traits: []),
            ],
            targets: [
                .executableTarget(
                    name: "\#(name)",
                    dependencies: [.product(name: "Tessera", package: "\#(packageIdentity)")]
                ),
                .testTarget(
                    name: "\#(name)Tests",
                    dependencies: ["\#(name)", .product(name: "TesseraTesting", package: "\#(packageIdentity)")],
                    exclude: snapshotFolders("\#(name)Tests")
                ),
            ]
        )

        """#
    }

    var readme: String {
        #"""
        # \#(title)

        A reading list built with [Tessera](\#(tesseraPath)): one page (`ShelfScene`) holding one
        component (`ShelfComponent`) that lists books in two sections and marks one finished, and
        members from Tessera (`var members`): `/signup`, `/signin`, sign-out,
        `/account/password`, `/account/email`, and "Forgot your password?" at `/account/forgot`
        (a single-use link by mail), on the `member` table.

        Mail: in `--dev` it is caught and shown at `/_tessera/mail`; in production set
        `TESSERA_SMTP_URL=smtp://HOST:PORT`, `TESSERA_MAIL_FROM` and `TESSERA_PUBLIC_URL` (the
        address links in mail start with).

        The data is a SQLite file. To run on PostgreSQL (`--db postgres://USER@HOST/DB`), or to
        send mail over TLS to a server on another machine, name Tessera's `"PostgreSQL"` or
        `"TLS"` trait in `Package.swift` (`traits: ["PostgreSQL", "TLS"]`): each is built only
        when named, so the first build stays short.

        Serve it (creates `data/tessera.sqlite` with three books on first run; `--dev` reloads
        templates as you edit them), then open http://127.0.0.1:8080:

        ```sh
        swift run \#(name) serve --dev
        ```

        Test it (an HTML snapshot of the shelf lives in `Tests/\#(name)Tests/__Snapshots__`;
        re-record with `TESSERA_RECORD_SNAPSHOTS=1 swift test`):

        ```sh
        swift test
        ```

        `swift run \#(name) --help` lists the rest: `validate`, `routes`, `migrate`, `jobs`,
        `doctor`. To run it in production, `deploy/` holds a systemd unit, an nginx site, a
        release script and a container file (`deploy/README.md`).

        """#
    }

    var gitignore: String {
        """
        .build/
        .swiftpm/
        /data/
        /Package.resolved

        """
    }
}
