import Crypto

// MARK: - Digests

/// The hashing Tessera does, through swift-crypto (BoringSSL on Linux, CryptoKit on Apple
/// platforms): SHA-256 for fingerprints and stored session keys, HMAC-SHA256 for visitors' CSRF
/// tokens, and a comparison of secrets that takes the same time wherever they differ.
enum Digests {
    // MARK: - Hashing

    /// The SHA-256 digest of `bytes` as 64 lowercase hex digits.
    static func sha256Hex(_ bytes: some Sequence<UInt8>) -> String {
        hex(SHA256.hash(data: Array(bytes)))
    }

    /// HMAC-SHA256 of `message` under `key`, as 64 lowercase hex digits.
    static func hmacHex(_ message: some Sequence<UInt8>, key: SymmetricKey) -> String {
        hex(HMAC<SHA256>.authenticationCode(for: Array(message), using: key))
    }

    // MARK: - Comparing

    /// Whether `sent` equals `expected`, in time that depends on neither (both are hashed first;
    /// swift-crypto compares digests in constant time), so a guess learns nothing from timing.
    static func constantTimeEquals(_ sent: String, _ expected: String) -> Bool {
        SHA256.hash(data: Array(sent.utf8)) == SHA256.hash(data: Array(expected.utf8))
    }

    // MARK: - Hex

    /// `count` random bytes from the system's secure generator, as lowercase hex digits.
    static func randomHex(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {  // one system call per 8 bytes, not per byte
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return hex(bytes.prefix(count))
    }

    /// Whether `byte` is a lowercase hex digit.
    static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    /// `bytes` as lowercase hex digits.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
