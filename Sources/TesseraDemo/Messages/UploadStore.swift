import Foundation
import Tessera

// MARK: - UploadStore

/// Uploaded images, in the site's database (``StoredFiles``), so every process serves what any
/// of them stored: named by 32 random hex digits and the extension of the format their bytes
/// were recognised as. Names are checked before any lookup.
struct UploadStore: Sendable {
    /// Where the files are.
    let files: StoredFiles

    /// `bytes` (already recognised as `format`) under a new random name, to be stored with the
    /// message naming it (``MessageStore/add(to:from:kind:body:imageURL:storing:at:)``).
    static func upload(_ bytes: [UInt8], as format: ImageFormat) -> Upload {
        Upload(name: randomStem() + "." + format.fileExtension, bytes: bytes, contentType: format.contentType)
    }

    /// An image named and ready to store.
    struct Upload: Sendable {
        let name: String
        let bytes: [UInt8]
        let contentType: String

        /// Stores it in `db`'s open write transaction.
        func save(in db: SQLConnection) async throws {
            try await StoredFiles.save(bytes, name: name, contentType: contentType, in: db)
        }
    }

    /// The bytes and format of the stored file `name`, or nil when the name is not one this
    /// store gives out or no such file exists.
    func file(named name: String) async throws -> (data: [UInt8], format: ImageFormat)? {
        guard let format = Self.format(ofValidName: name), let file = try await files.file(named: name) else { return nil }
        return (file.bytes, format)
    }

    // MARK: - Names

    /// The format of `name` if it has the exact shape `[a-f0-9]{32}.(png|jpg|gif|webp)`.
    static func format(ofValidName name: String) -> ImageFormat? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 32, parts[0].utf8.allSatisfy(isLowerHex) else { return nil }
        return ImageFormat.forExtension(String(parts[1]))
    }

    /// 16 bytes from the system's secure generator, as 32 lowercase hex digits.
    static func randomStem() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    // MARK: - Private

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
