import Foundation

// MARK: - ConversationSummary

/// A row of someone's conversation list: who the other person is and the latest message.
struct ConversationSummary: Sendable, Equatable {
    /// The conversation's id.
    let id: Int64
    /// The other participant's display name.
    let otherName: String
    /// The latest message, or nil when nothing was said yet.
    let last: LastMessage?

    /// The latest message of a conversation.
    struct LastMessage: Sendable, Equatable {
        let kind: Message.Kind
        let body: String
        let senderID: Int64
        let createdAt: Date
    }
}
