import Foundation

// MARK: - TextSendStrategy

/// Sends a text message: 1 to 2,000 characters once surrounding whitespace is trimmed.
struct TextSendStrategy: MessageSendStrategy {
    /// The longest text (and caption) allowed, in characters.
    static let maxLength = 2000

    func send(_ outgoing: OutgoingMessage, through store: MessageStore) async throws -> Int64 {
        let text = outgoing.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw MessageRejection(field: .text, message: "Write a message first.") }
        try Self.checkLength(text)
        return try await store.add(
            to: outgoing.conversationID, from: outgoing.senderID, kind: .text, body: text, imageURL: nil, at: outgoing.date)
    }

    /// Refuses `text` longer than ``maxLength``.
    static func checkLength(_ text: String) throws(MessageRejection) {
        guard text.count <= maxLength else {
            throw MessageRejection(
                field: .text, message: "Keep it to \(maxLength) characters or fewer (this one has \(text.count)).")
        }
    }
}
