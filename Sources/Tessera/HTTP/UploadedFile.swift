// MARK: - UploadedFile

/// A file from a multipart form, held in memory (its size was checked against the limit).
public struct UploadedFile: Sendable {
    /// The form field's name.
    public let field: String
    /// The file name the browser sent (untrusted; never used as a path).
    public let filename: String
    /// The content type the browser claimed (untrusted; check the bytes).
    package let contentType: String
    /// The bytes.
    public let data: [UInt8]

    /// A file.
    public init(field: String, filename: String, contentType: String, data: [UInt8]) {
        self.field = field
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
