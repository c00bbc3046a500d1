import Foundation

// MARK: - FileField

/// A file field's rules, declared once next to the field, like a ``TextField``: the most bytes,
/// and what a file must be — checked by its bytes, never by the name or the type the browser
/// sent. An ``Action`` declared with its file fields (`Action("save", files: [avatar], …)`)
/// takes a body as large as they allow; the form reads each with
/// ``ComponentScope/file(_:)``, and ``FormField/file(_:label:error:hint:required:idPrefix:)``
/// draws it.
///
/// ```swift
/// static let avatar = FileField("avatar", maxBytes: 2 * 1024 * 1024, kind: .image(within: ImageSize.Limit(side: 4096, pixels: 16_000_000)))
/// let avatar = context.file(Self.avatar)   // .file if one was sent and passes, .problem if refused
/// ```
public struct FileField: Sendable {
    /// What a file must be.
    public enum Kind: Sendable {
        /// Any bytes (served as a download, `application/octet-stream`).
        case any
        /// A PNG, JPEG, GIF or WebP image (``ImageFormat``) whose header states a size within
        /// the limit, so a small file claiming 100000 × 100000 pixels is refused before any
        /// browser tries to draw it.
        case image(within: ImageSize.Limit)
    }

    /// The form name.
    public let name: String
    /// The most bytes a file may have.
    package let maxBytes: Int
    /// What a file must be.
    package let kind: Kind

    /// A field named `name` taking files of `kind` up to `maxBytes`.
    public init(_ name: String, maxBytes: Int, kind: Kind) {
        precondition(maxBytes > 0, "FileField \(name): maxBytes must be positive")
        self.name = name
        self.maxBytes = maxBytes
        self.kind = kind
    }

    /// The input's `accept` attribute: the image types, or nil for any file.
    package var accept: String? {
        if case .image = kind { return ImageFormat.contentTypes }
        return nil
    }

    // MARK: - Checking

    /// `upload` checked against the rules: nil file and no problem when none was chosen (an
    /// empty file input), the file ready to store when it passes, the problem as a sentence
    /// otherwise.
    public func check(_ upload: UploadedFile?) -> FileValue {
        guard let upload, !(upload.filename.isEmpty && upload.data.isEmpty) else { return FileValue(file: nil, problem: nil) }
        guard !upload.data.isEmpty else { return FileValue(file: nil, problem: "That file is empty. Choose another one.") }
        guard upload.data.count <= maxBytes else {
            return FileValue(file: nil, problem: "That file is larger than \(Self.describe(bytes: maxBytes)). Choose a smaller one.")
        }
        switch kind {
        case .any:
            return FileValue(file: AcceptedFile(bytes: upload.data, contentType: "application/octet-stream", fileExtension: "bin", imageSize: nil), problem: nil)
        case .image(let limit):
            guard let format = ImageFormat.detect(upload.data) else {
                return FileValue(file: nil, problem: "That file is not a PNG, JPEG, GIF or WebP image.")
            }
            guard let size = ImageSize(reading: upload.data) else {
                return FileValue(file: nil, problem: "That image's size cannot be read. Choose another image.")
            }
            guard size.fits(within: limit) else {
                return FileValue(
                    file: nil,
                    problem: "That image is \(size) pixels; the largest accepted is \(limit.side) pixels a side "
                        + "and \(limit.pixels / 1_000_000) million in all. Choose a smaller one.")
            }
            let file = AcceptedFile(bytes: upload.data, contentType: format.contentType, fileExtension: format.fileExtension, imageSize: size)
            return FileValue(file: file, problem: nil)
        }
    }

    /// "2 MiB", "512 KiB", "900 bytes".
    static func describe(bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }
}

// MARK: - FileValue

/// A file field as read: the file ready to store, and why it was refused.
public struct FileValue: Sendable {
    /// The file when one was sent and passed; nil when none was chosen or it was refused.
    public let file: AcceptedFile?
    /// A sentence for the person when the file breaks the field's rules; nil when it is fine.
    public let problem: String?
}

// MARK: - AcceptedFile

/// A file that passed its ``FileField``'s rules, with the type its bytes were recognised as;
/// store it with ``FileRoute/store(_:in:)``.
public struct AcceptedFile: Sendable, Equatable {
    /// The bytes.
    package let bytes: [UInt8]
    /// The `Content-Type` it is served with, from its bytes.
    public let contentType: String
    /// The extension its stored name gets (`png`, `jpg`, `bin`…).
    package let fileExtension: String
    /// An image's size, read from its header; nil for other files.
    package let imageSize: ImageSize?
}
