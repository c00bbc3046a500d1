import Foundation

// MARK: - ImageSendStrategy

/// Sends an image message: a PNG, JPEG, GIF or WebP file (decided by its bytes) of at most
/// 2 MiB, stored under a random name, with the text as an optional caption.
struct ImageSendStrategy: MessageSendStrategy {
    /// The largest image accepted, in bytes.
    static let maxBytes = 2 * 1024 * 1024

    func send(_ outgoing: OutgoingMessage, through store: MessageStore) async throws -> Int64 {
        guard let image = outgoing.image, !image.data.isEmpty else {
            throw MessageRejection(field: .image, message: "That file is empty. Choose an image.")
        }
        let caption = outgoing.text.trimmingCharacters(in: .whitespacesAndNewlines)
        try TextSendStrategy.checkLength(caption)
        guard image.data.count <= Self.maxBytes else {
            throw MessageRejection(field: .image, message: "That image is larger than 2 MiB. Choose a smaller one.")
        }
        guard let format = ImageFormat.detect(image.data) else {
            throw MessageRejection(field: .image, message: "That file is not a PNG, JPEG, GIF or WebP image.")
        }
        let name = try await outgoing.uploads.save(image.data, as: format)
        return try await store.add(
            to: outgoing.conversationID, from: outgoing.senderID, kind: .image, body: caption,
            imageURL: outgoing.uploadURL(name), at: outgoing.date)
    }
}
