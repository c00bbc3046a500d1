// MARK: - MessageItem

/// One message as a conversation shows it: the message, who sent it, and whether the viewer
/// did. The list wraps it in its kind's item type (``TextMessageItem``, ``ImageMessageItem``)
/// so the data source's registry picks the kind's cell — no `switch` over kinds.
struct MessageItem: Sendable {
    let message: Message
    /// The sender's display name.
    let senderName: String
    /// Whether the viewer sent it.
    let isMine: Bool

    /// The item type of each kind: adding a kind is one row here and one cell registration.
    static let wrappers: [Message.Kind: @Sendable (MessageItem) -> any Sendable] = [
        .text: { TextMessageItem(item: $0) },
        .image: { ImageMessageItem(item: $0) },
    ]

    /// This message wrapped in its kind's item type; itself (which no cell draws, so the data
    /// source reports it) when its kind has no row in ``wrappers``.
    var wrapped: any Sendable { Self.wrappers[message.kind]?(self) ?? self }
}

/// A text message, drawn by ``TextMessageCell``.
struct TextMessageItem: Sendable {
    let item: MessageItem
}

/// An image message, drawn by ``ImageMessageCell``.
struct ImageMessageItem: Sendable {
    let item: MessageItem
}
