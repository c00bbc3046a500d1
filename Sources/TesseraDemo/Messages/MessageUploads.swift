import Tessera

// MARK: - MessageUploads

/// The images members send in conversations: what a file must be, and where it is stored and
/// served — to the members of the conversation it was sent in, and nobody else.
enum MessageUploads {
    /// A PNG, JPEG, GIF or WebP of at most 2 MiB and 8192 pixels a side (40 million in all: a
    /// phone photo fits, a small file stating 100000 × 100000 does not).
    static let image = FileField("image", maxBytes: 2 * 1024 * 1024, kind: .image(within: ImageSize.Limit(side: 8_192, pixels: 40_000_000)))

    /// `/uploads/<name>`, for the conversation's members only (``UploadAccess``).
    static let route = FileRoute("/uploads", access: .decided { request in
        guard let member = request.memberID else { return false }
        return try await UploadAccess(database: request.database).canRead(imageURL: request.url, userID: member)
    })
}
