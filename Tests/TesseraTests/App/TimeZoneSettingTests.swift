import Foundation
import Testing

@testable import Tessera

/// The site's time zone: set by `TESSERA_TIME_ZONE` / `--time-zone` (an IANA name, or UTC),
/// the flag winning over the variable; anything else stops start-up naming the setting.
@Suite("Time zone setting")
struct TimeZoneSettingTests {
    @Test("the environment sets the site's time zone, and the flag wins over it", arguments: [
        ([String: String](), [String](), "UTC"),
        (["TESSERA_TIME_ZONE": "Europe/Berlin"], [], "Europe/Berlin"),
        (["TESSERA_TIME_ZONE": "Europe/Berlin"], ["--time-zone", "America/New_York"], "America/New_York"),
        ([:], ["--time-zone=UTC"], "UTC"),
    ])
    func settings(_ input: ([String: String], [String], String)) throws {
        let configuration = try AppOptions.parse(input.1).configuration(environment: input.0)
        #expect(configuration.timeZone == TimeZone(identifier: input.2))
    }

    @Test("a name that is not an IANA time zone is refused, naming the setting",
          arguments: ["Mars/Olympus", "CET", "GMT+2", "berlin", "../etc/passwd", "Europe/"])
    func refused(_ name: String) throws {
        let error = #expect(throws: ConfigurationError.self) {
            try TesseraConfiguration.fromEnvironment(["TESSERA_TIME_ZONE": name])
        }
        #expect(error?.message.hasPrefix("TESSERA_TIME_ZONE") == true)
        let options = try AppOptions.parse(["--time-zone=\(name)"])
        #expect(throws: (any Error).self) { try options.configuration(environment: [:]) }
    }
}
