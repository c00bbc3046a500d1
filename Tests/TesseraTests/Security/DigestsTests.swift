import Crypto
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The hashing behind CSRF signatures, stored session keys and asset fingerprints (swift-crypto),
/// against the published vectors: what Tessera writes is the standard digest in hex.
@Suite("Digests")
struct DigestsTests {
    @Test("SHA-256 in hex matches the FIPS 180 examples", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func hashes(_ pair: (String, String)) {
        #expect(Digests.sha256Hex(pair.0.utf8) == pair.1)
    }

    @Test("HMAC-SHA256 in hex matches RFC 4231 test cases 1, 2 and 6")
    func hmac() {
        let case1 = Digests.hmacHex("Hi There".utf8, key: SymmetricKey(data: [UInt8](repeating: 0x0b, count: 20)))
        #expect(case1 == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let case2 = Digests.hmacHex("what do ya want for nothing?".utf8, key: SymmetricKey(data: Array("Jefe".utf8)))
        #expect(case2 == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let case6 = Digests.hmacHex(
            "Test Using Larger Than Block-Size Key - Hash Key First".utf8,
            key: SymmetricKey(data: [UInt8](repeating: 0xaa, count: 131)))
        #expect(case6 == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("Secrets compare equal only when every byte matches, whatever their lengths", arguments: [
        ("abc", "abc", true), ("abc", "abd", false), ("abc", "abcd", false), ("", "", true), ("", "a", false),
        (String(repeating: "f", count: 64), String(repeating: "f", count: 63) + "e", false),
    ])
    func constantTimeEquals(_ case: (String, String, Bool)) {
        #expect(Digests.constantTimeEquals(`case`.0, `case`.1) == `case`.2)
    }
}
