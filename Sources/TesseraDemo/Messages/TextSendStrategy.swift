import Foundation
import Tessera

// MARK: - TextSendStrategy

/// Sends a text message: 1 to 2,000 characters (8,000 bytes) once surrounding whitespace is
/// trimmed.
struct TextSendStrategy: MessageSendStrategy {
    /// The message field (also an image's caption).
    static let field = TextField("text", maxScalars: 2000, lines: .multiple)

    func send(_ outgoing: OutgoingMessage, through store: MessageStore) async throws -> Int64 {
        let text = outgoing.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw MessageRejection(field: .text, message: "Write a message first.") }
        try Self.checkLength(text)
        return try await store.add(
            to: outgoing.conversationID, from: outgoing.senderID, kind: .text, body: text, at: outgoing.date)
    }

    /// Refuses `text` that breaks ``field``'s limits.
    static func checkLength(_ text: String) throws(MessageRejection) {
        if let problem = field.check(text).problem { throw MessageRejection(field: .text, message: problem) }
    }
}
