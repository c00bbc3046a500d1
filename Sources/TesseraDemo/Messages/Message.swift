import Foundation
import GRDB

// MARK: - Message

/// One message of a conversation. Its `kind` picks the cell that draws it and the strategy
/// that sends it (text, image, …).
public struct Message: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "message"

    /// The kinds of message.
    public enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case text, image
    }

    public var id: Int64
    public var conversationID: Int64
    public var senderID: Int64
    public var kind: Kind
    /// The text (a caption, for images).
    public var body: String
    /// For images: the URL of the picture.
    public var imageURL: String?
    public var createdAt: Date
}

// MARK: - Conversation

/// A conversation between two members.
public struct Conversation: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "conversation"

    public var id: Int64
    public var title: String
}
