// MARK: - TestFile

/// A file chosen in a form's file input, for ``TestClient/submit(_:on:_:removing:files:as:fragment:)``.
public struct TestFile: Sendable {
    /// The file input's name.
    public let field: String
    /// The file name the browser sends.
    public let filename: String
    /// The content type the browser claims.
    public let contentType: String
    /// The bytes.
    public let data: [UInt8]

    /// The file `filename` of `contentType` holding `data`, chosen in the input named `field`.
    public init(field: String, filename: String, contentType: String, data: [UInt8]) {
        self.field = field
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
