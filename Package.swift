// swift-tools-version:6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

/// The folders of data beside a test target's tests, not sources: HTML snapshots
/// (`__Snapshots__`) and the `Views/` and `Public/` of the small apps some tests serve.
func dataFolders(_ target: String) -> [String] {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Tests/" + target)
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: tests.path)) ?? []
    return paths.filter { path in ["__Snapshots__", "/Views", "/Public"].contains { path.hasSuffix($0) } }.sorted()
}

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        .library(name: "TesseraTesting", targets: ["TesseraTesting"]),
        .executable(name: "tessera", targets: ["tessera"]),
        .executable(name: "tessera-new", targets: ["tessera-new"]),
        .executable(name: "tessera-bench", targets: ["TesseraBench"]),
    ],
    /// What an app compiles only when it asks for it: each trait brings a dependency whose first
    /// build costs time (PostgreSQL's client; the second copy of BoringSSL that TLS for mail
    /// needs). This repository builds with both; `tessera-new` writes an app that names none
    /// (SQLite, mail through a relay on the same machine) and says how to add them.
    traits: [
        .trait(name: "PostgreSQL", description: "A postgres:// database (postgres-nio)."),
        .trait(name: "TLS", description: "Mail to an SMTP server over TLS or STARTTLS (swift-nio-ssl)."),
        .trait(name: "OTLP", description: "Traces exported over OTLP/HTTP to an OpenTelemetry collector (swift-otel)."),
        .default(enabledTraits: ["PostgreSQL", "TLS"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        /// libxml2 through pkg-config; Debian's `libxml2-dev`.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        /// zlib's checksums, for pages' entity tags (the library `compress-nio` already links).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        /// `@TemplateModel`: a view model's keys named once, by its properties.
        .macro(
            name: "TesseraMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        /// Templates: compiled Mustache, escaping, libxml2 validation, data sources and the
        /// built-in templates. No HTTP, no SQL.
        .target(
            name: "TesseraTemplates",
            dependencies: [
                "CLibXML2",
                "TesseraMacros",
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        /// Data: the store API (`SQLConnection`, rows, values), SQLite and PostgreSQL, migrations,
        /// change tracking and the data's generations. No HTTP, no templates.
        .target(
            name: "TesseraSQL",
            dependencies: [
                "TesseraMacros",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        /// The framework: scenes, components, the request pipeline, HTTP, sessions, stores, and
        /// the command line every app gets (`serve`, `validate`, `routes`, `migrate`, `new`).
        .target(
            name: "Tessera",
            dependencies: [
                "TesseraTemplates",
                "TesseraSQL",
                "CLibXML2",
                "CZlib",
                "TesseraMacros",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["TLS"])),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "OTel", package: "swift-otel", condition: .when(traits: ["OTLP"])),
            ],
            resources: [.copy("Client/tessera.js")]
        ),
        /// Testing any Tessera app: an in-process client, HTML snapshots, components rendered
        /// alone with their query counts, CSS-selector assertions. It drives the app's router in
        /// process, so an app's tests build no HTTP client (no HummingbirdTesting, AsyncHTTPClient).
        .target(
            name: "TesseraTesting",
            dependencies: [
                "Tessera",
                "CLibXML2",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        /// `tessera new`'s templates and command: a new app package, written from strings (no
        /// server, no database in it).
        .target(
            name: "TesseraNew",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        /// `tessera-new NAME`: the tool that starts an app.
        .executableTarget(name: "tessera-new", dependencies: ["TesseraNew"]),
        /// The demo blogging community built on Tessera: run by `tessera`, benchmarked and tested
        /// here; not a product (no app depends on it).
        .target(
            name: "TesseraDemo",
            dependencies: [
                "Tessera",
                "TesseraNew",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            packageAccess: false
        ),
        /// The `tessera` command: the demo community through Tessera's own entry point.
        .executableTarget(
            name: "tessera",
            dependencies: ["TesseraDemo", "Tessera"]),
        /// `tessera-bench`: in-process benchmarks that print numbers.
        .executableTarget(
            name: "TesseraBench",
            dependencies: [
                "Tessera",
                "TesseraDemo",
                "TesseraTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        /// Test helpers shared by the test targets (hostile strings).
        .target(name: "TesseraTestSupport", path: "Tests/TesseraTestSupport"),
        .testTarget(
            name: "TesseraTests",
            dependencies: [
                "Tessera",
                "TesseraTemplates",
                "TesseraSQL",
                "TesseraTesting",
                "TesseraTestSupport",
                "TesseraMacros",
                "TesseraNew",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            exclude: dataFolders("TesseraTests")
        ),
        .testTarget(
            name: "TesseraDemoTests",
            dependencies: [
                "TesseraDemo",
                "Tessera",
                "TesseraTesting",
                "TesseraTestSupport",
                // Only for the tests about real connections (TestSite+Live.swift).
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: dataFolders("TesseraDemoTests"),
            packageAccess: false
        ),
    ]
)
