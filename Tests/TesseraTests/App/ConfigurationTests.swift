import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

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
        ["PORT": "eighty"], ["PORT": "70000"], ["TESSERA_ENV": "staging"], ["TESSERA_SMTP_URL": "http://mail.example.com"],
        ["TESSERA_PUBLIC_URL": "https://example.com/app"], ["TESSERA_PUBLIC_URL": "example.com"], ["TESSERA_MAIL_FROM": "club"],
        ["TESSERA_SMTP_URL": "smtp://mail.example.com", "TESSERA_SMTP_CA": "/no/such/ca.pem"],
    ])
    func badValues(_ environment: [String: String]) {
        let error = #expect(throws: ConfigurationError.self) { try TesseraConfiguration.fromEnvironment(environment) }
        #expect(environment.keys.contains { error?.message.hasPrefix($0) == true })
    }

    @Test("mail settings: the SMTP server, its password kept out of errors, the sender and the public address for links")
    func mailSettings() throws {
        let configuration = try TesseraConfiguration.fromEnvironment([
            "TESSERA_SMTP_URL": "smtp://club:pa%40ss@mail.example.com", "TESSERA_MAIL_FROM": "club@example.com",
            "TESSERA_PUBLIC_URL": "https://club.example.com/", "PORT": "9090",
        ])
        #expect(configuration.smtpServer == SMTPServer(host: "mail.example.com", port: 587, security: .startTLS, username: "club", password: "pa@ss"))
        #expect(configuration.resolvedPublicURL == "https://club.example.com")
        let site = CommentNoticeApp().siteConfiguration(configuration)
        #expect(site.mailDelivery == .smtp(configuration.smtpServer!))
        #expect(site.mailFrom == MailAddress("club@example.com"))
        #expect(site.mailDomain == "club.example.com")
        #expect(site.publicURL == "https://club.example.com")

        let error = #expect(throws: ConfigurationError.self) {
            try TesseraConfiguration.fromEnvironment(["TESSERA_SMTP_URL": "smtp://club:secret@mail.example.com/x"])
        }
        #expect(error?.message.contains("secret") == false)
        #expect(try TesseraConfiguration.fromEnvironment(["PORT": "9090"]).resolvedPublicURL == "http://127.0.0.1:9090")
        let options = try AppOptions.parse(["--public-url", "https://flag.example.com"])
        #expect(try options.configuration(environment: [:]).publicURL == "https://flag.example.com")
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
