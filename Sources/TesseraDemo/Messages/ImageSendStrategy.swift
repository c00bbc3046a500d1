import Foundation
import Tessera

// MARK: - ImageSendStrategy

/// Sends an image message: a file passing ``MessageUploads/image`` (a PNG, JPEG, GIF or WebP by
/// its bytes, 2 MiB, 8192 pixels a side), stored with the message (one transaction), with the
/// text as an optional caption.
struct ImageSendStrategy: MessageSendStrategy {
    func send(_ outgoing: OutgoingMessage, through store: MessageStore) async throws -> Int64 {
        let checked = MessageUploads.image.check(outgoing.image)
        let caption = outgoing.text.trimmingCharacters(in: .whitespacesAndNewlines)
        try TextSendStrategy.checkLength(caption)
        if let problem = checked.problem { throw MessageRejection(field: .image, message: problem) }
        guard let image = checked.file else { throw MessageRejection(field: .image, message: "That file is empty. Choose an image.") }
        return try await store.add(
            to: outgoing.conversationID, from: outgoing.senderID, kind: .image, body: caption, image: image, at: outgoing.date)
    }
}
