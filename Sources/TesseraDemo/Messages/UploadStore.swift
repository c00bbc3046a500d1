import Foundation

// MARK: - UploadStore

/// Uploaded images on disk: one folder, files named by 32 random hex digits and the extension
/// of the format their bytes were recognised as. Names are checked before any path is built,
/// so nothing outside the folder can be read or written.
struct UploadStore: Sendable {
    /// The folder (created on first save).
    let directory: String

    /// Stores `bytes` (already recognised as `format`) under a new random name; returns the name.
    func save(_ bytes: [UInt8], as format: ImageFormat) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = Self.randomStem() + "." + format.fileExtension
        try Data(bytes).write(to: fileURL(name), options: [.withoutOverwriting])
        return name
    }

    /// The bytes and format of the stored file `name`, or nil when the name is not one this
    /// store gives out or no such file exists.
    func file(named name: String) -> (data: Data, format: ImageFormat)? {
        guard let format = Self.format(ofValidName: name),
            let data = FileManager.default.contents(atPath: fileURL(name).path)
        else { return nil }
        return (data, format)
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

    private func fileURL(_ name: String) -> URL { URL(fileURLWithPath: directory).appendingPathComponent(name) }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
