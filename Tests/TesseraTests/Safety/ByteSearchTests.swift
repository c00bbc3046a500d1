import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The byte search headers are checked with.
@Suite("Byte search")
struct ByteSearchTests {
    @Test(
        "finds a token anywhere, and only where all its bytes are",
        arguments: [
            ("a=1; tessera_session=abc", "tessera_session=", true),
            ("tessera_session=abc", "tessera_session=", true),
            ("x_tessera_session", "tessera_session=", false),
            ("tessera_sessio", "tessera_session=", false),
            ("private, no-store", "no-store", true),
            ("no-stor", "no-store", false),
            ("", "no-store", false),
            ("anything", "", true),
            ("café no-store", "no-store", true),
        ])
    func search(text: String, token: String, found: Bool) {
        #expect(text.containsBytes(token) == found)
    }
}
