// MARK: - ImageFormat

/// An image format a ``FileField`` of images accepts (PNG, JPEG, GIF, WebP), recognised by its
/// first bytes ("magic bytes"), never by the file name or the content type a browser claims.
public struct ImageFormat: Sendable, Equatable {
    /// The extension stored files get: `png`, `jpg`, `gif`, `webp`.
    public let fileExtension: String
    /// The `Content-Type` the file is served with.
    public let contentType: String
    /// The bytes a file of this format starts with; `nil` entries match any byte.
    let signature: [UInt8?]

    public static func == (lhs: ImageFormat, rhs: ImageFormat) -> Bool { lhs.fileExtension == rhs.fileExtension }

    /// Whether `bytes` start with this format's signature.
    package func matches(_ bytes: [UInt8]) -> Bool {
        bytes.count >= signature.count && zip(signature, bytes).allSatisfy { expected, byte in expected.map { $0 == byte } ?? true }
    }

    // MARK: - Formats

    package static let png = ImageFormat(
        fileExtension: "png", contentType: "image/png", signature: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    package static let jpeg = ImageFormat(fileExtension: "jpg", contentType: "image/jpeg", signature: [0xFF, 0xD8, 0xFF])
    package static let gif87 = ImageFormat(fileExtension: "gif", contentType: "image/gif", signature: Self.ascii("GIF87a"))
    package static let gif89 = ImageFormat(fileExtension: "gif", contentType: "image/gif", signature: Self.ascii("GIF89a"))
    /// `RIFF`, four bytes of length, `WEBP`.
    package static let webp = ImageFormat(
        fileExtension: "webp", contentType: "image/webp", signature: Self.ascii("RIFF") + [nil, nil, nil, nil] + Self.ascii("WEBP"))

    /// Every accepted signature (GIF has two), checked in order.
    package static let all: [ImageFormat] = [png, jpeg, gif87, gif89, webp]

    /// The content types of ``all``, for a file input's `accept`.
    static let contentTypes = "image/png,image/jpeg,image/gif,image/webp"

    /// The format `bytes` are in, or nil when they are none of the accepted ones.
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? { all.first { $0.matches(bytes) } }

    /// The format a stored file's extension stands for (stored names were given by ``detect(_:)``).
    package static func forExtension(_ fileExtension: String) -> ImageFormat? { all.first { $0.fileExtension == fileExtension } }

    private static func ascii(_ text: String) -> [UInt8?] { text.utf8.map { $0 } }
}
