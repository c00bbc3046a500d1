import Testing

@testable import Tessera

/// Configuration comes from defaults, then the environment; a bad value names its variable.
@Suite("Configuration")
struct ConfigurationTests {
    @Test("the environment overrides the defaults")
    func environmentOverridesDefaults() throws {
        let configuration = try TesseraConfiguration.fromEnvironment([
            "HOST": "0.0.0.0", "PORT": "9090", "TESSERA_DATABASE": "/srv/app.sqlite", "TESSERA_ENV": "development",
            "TESSERA_VIEWS": "/srv/Views",
        ])
        #expect(configuration.hostname == "0.0.0.0")
        #expect(configuration.port == 9090)
        #expect(configuration.databasePath == "/srv/app.sqlite")
        #expect(configuration.dataDirectory == "/srv")
        #expect(configuration.viewsDirectory == "/srv/Views")
        #expect(configuration.publicDirectory == "Public")
        #expect(configuration.isDevelopment)
    }

    @Test("no environment leaves the defaults")
    func defaults() throws {
        let configuration = try TesseraConfiguration.fromEnvironment([:])
        #expect(configuration.port == 8080)
        #expect(configuration.databasePath == "data/tessera.sqlite")
        #expect(configuration.mode == .production)
    }

    @Test("a value that does not parse is an error naming the variable", arguments: [
        ["PORT": "eighty"], ["PORT": "70000"], ["TESSERA_ENV": "staging"],
    ])
    func badValues(_ environment: [String: String]) {
        let error = #expect(throws: ConfigurationError.self) { try TesseraConfiguration.fromEnvironment(environment) }
        #expect(error?.message.hasPrefix(environment.keys.first ?? "") == true)
    }

    @Test("flags win over the environment")
    func flagsWin() throws {
        let options = try AppOptions.parse(["--port", "7070", "--db", "/tmp/x.sqlite"])
        let configuration = try options.configuration(environment: ["PORT": "9090", "HOST": "0.0.0.0"])
        #expect(configuration.port == 7070)
        #expect(configuration.databasePath == "/tmp/x.sqlite")
        #expect(configuration.hostname == "0.0.0.0", "what no flag sets still comes from the environment")
    }
}
