import Foundation
import Tessera

// MARK: - MessageSendStrategy

/// Checks and stores one kind of message (the strategy pattern: one object per kind,
/// chosen from a table, instead of a `switch` over kinds).
protocol MessageSendStrategy: Sendable {
    /// Checks `outgoing` and stores it through `store`; returns the new message's id. Throws
    /// ``MessageRejection`` when the input is refused (nothing is stored then).
    func send(_ outgoing: OutgoingMessage, through store: MessageStore) async throws -> Int64
}

// MARK: - MessageSending

/// The table of send strategies, by kind. Adding a kind is one row here (and one cell in
/// ``MessageListComponent``'s registry).
enum MessageSending {
    /// The strategies, by kind.
    static let strategies: [Message.Kind: any MessageSendStrategy] = [
        .text: TextSendStrategy(),
        .image: ImageSendStrategy(),
    ]

    /// Sends `outgoing` with the strategy of its kind.
    static func send(_ outgoing: OutgoingMessage, through store: MessageStore) async throws -> Int64 {
        guard let strategy = strategies[outgoing.kind] else {
            throw RequestError.badRequest("Messages of this kind cannot be sent.")
        }
        return try await strategy.send(outgoing, through: store)
    }
}

// MARK: - OutgoingMessage

/// What someone asked to send, as typed and uploaded (nothing checked yet).
struct OutgoingMessage: Sendable {
    let conversationID: Int64
    let senderID: Int64
    /// The text as typed (the caption, for an image).
    let text: String
    /// The uploaded image, or nil for a text message.
    let image: UploadedFile?
    /// When it is sent.
    let date: Date

    /// Image if a file was uploaded, else text.
    var kind: Message.Kind { image == nil ? .text : .image }

    /// The image field's file among `files`, if one was chosen (an empty file input sends a
    /// part with no name and no bytes).
    static func chosenImage(field: String, in files: [UploadedFile]) -> UploadedFile? {
        files.first { $0.field == field && !($0.filename.isEmpty && $0.data.isEmpty) }
    }
}

// MARK: - MessageRejection

/// Why a message was refused, and which field it concerns (the composer shows it there,
/// through its ``FormErrors``).
struct MessageRejection: Error, Sendable, Equatable {
    /// The composer's fields; their raw values are the inputs' names.
    enum Field: String, CaseIterable, Sendable {
        case text, image
    }

    let field: Field
    let message: String
}
