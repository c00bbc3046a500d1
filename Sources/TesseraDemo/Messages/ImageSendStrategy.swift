import Foundation
import Tessera

// MARK: - ImageSendStrategy

/// Sends an image message: a PNG, JPEG, GIF or WebP file (decided by its bytes) of at most
/// 2 MiB and 8192 pixels a side (read from its header), stored under a random name with the
/// message (one transaction), with the text as an optional caption.
struct ImageSendStrategy: MessageSendStrategy {
    /// The largest image accepted, in bytes.
    static let maxBytes = 2 * 1024 * 1024
    /// The largest image accepted, in pixels: a phone photo fits, an image made to exhaust a
    /// browser's memory (a small file stating 100000 × 100000) does not.
    static let maxSize = ImageSize.Limit(side: 8_192, pixels: 40_000_000)

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
        guard let size = ImageSize(reading: image.data) else {
            throw MessageRejection(field: .image, message: "That image's size cannot be read. Choose another image.")
        }
        guard size.fits(within: Self.maxSize) else {
            throw MessageRejection(
                field: .image,
                message: "That image is \(size) pixels; the largest accepted is \(Self.maxSize.side) pixels a side. Choose a smaller one.")
        }
        let upload = UploadStore.upload(image.data, as: format)
        return try await store.add(
            to: outgoing.conversationID, from: outgoing.senderID, kind: .image, body: caption,
            imageURL: outgoing.uploadURL(upload.name), storing: upload, at: outgoing.date)
    }
}
