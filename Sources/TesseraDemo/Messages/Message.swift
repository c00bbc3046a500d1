import Foundation
import Tessera

// MARK: - Message

/// One message of a conversation. Its `kind` picks the cell that draws it and the strategy
/// that sends it (text, image, …).
@SQLRecord
public struct Message: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "message"

    /// The kinds of message, stored as their raw values.
    public enum Kind: String, Codable, Sendable, CaseIterable, SQLValueConvertible, SQLDecodable {
        case text, image

        public var sqlValue: SQLValue { .text(rawValue) }

        /// The kind a column's text names; throws for any other text.
        public static func decode(from column: SQLColumn) throws -> Kind {
            guard let kind = Kind(rawValue: try String.decode(from: column)) else { throw column.mismatch(Kind.self) }
            return kind
        }
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

// MARK: - Inserting

extension Message {
    /// Stores a new message (for the seed and fixtures; members send through ``MessageStore``)
    /// and returns the id the database numbered it with.
    @discardableResult
    static func insert(
        conversationID: Int64, senderID: Int64, kind: Kind, body: String, imageURL: String? = nil, createdAt: Date,
        into db: SQLConnection
    ) async throws -> Int64 {
        try await db.insertReturningID(
            "INSERT INTO message (conversationID, senderID, kind, body, imageURL, createdAt) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            [conversationID, senderID, kind, body, imageURL, createdAt])
    }
}

// MARK: - Conversation

/// A conversation between two members.
@SQLRecord
public struct Conversation: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "conversation"

    public var id: Int64
    public var title: String
}

extension Conversation {
    /// Stores a new conversation between `userIDs` (for the seed and fixtures) and returns the
    /// id the database numbered it with.
    @discardableResult
    static func insert(title: String, between userIDs: [Int64], into db: SQLConnection) async throws -> Int64 {
        let id = try await db.insertReturningID("INSERT INTO conversation (title) VALUES (?) RETURNING id", [title])
        for userID in userIDs {
            try await db.execute("INSERT INTO participant (conversationID, userID) VALUES (?, ?)", [id, userID])
        }
        return id
    }
}
