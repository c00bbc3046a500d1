import Foundation
import GRDB
import Tessera

// MARK: - MessageStore

/// Conversations and their messages; only participants can read or write them.
struct MessageStore {
    let database: CountingDatabase

    /// `userID`'s conversations, the most recently active first, each with the other
    /// participant's name and the latest message's kind, text and sender. One query.
    func summaries(of userID: Int64) async throws -> [ConversationSummary] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT c.id,
                      (SELECT u.displayName FROM participant p2 JOIN user u ON u.id = p2.userID
                        WHERE p2.conversationID = c.id AND p2.userID != ? ORDER BY u.id LIMIT 1) AS other,
                      m.kind, m.body, m.senderID, m.createdAt
                    FROM conversation c
                    JOIN participant p ON p.conversationID = c.id AND p.userID = ?
                    LEFT JOIN message m ON m.id = (SELECT MAX(id) FROM message WHERE conversationID = c.id)
                    ORDER BY m.id IS NULL, m.id DESC, c.id DESC
                    """, arguments: [userID, userID]
            ).map { row in
                let kind = (row["kind"] as String?).flatMap(Message.Kind.init(rawValue:))
                let last = kind.map {
                    ConversationSummary.LastMessage(kind: $0, body: row["body"], senderID: row["senderID"], createdAt: row["createdAt"])
                }
                return ConversationSummary(id: row["id"], otherName: row["other"] ?? "", last: last)
            }
        }
    }

    /// The first participant of conversation `id` other than `userID`, or nil.
    func otherParticipant(in id: Int64, besides userID: Int64) async throws -> User? {
        try await database.read { db in
            try User.fetchOne(
                db,
                sql: """
                    SELECT u.* FROM user u JOIN participant p ON p.userID = u.id
                    WHERE p.conversationID = ? AND u.id != ? ORDER BY u.id LIMIT 1
                    """, arguments: [id, userID])
        }
    }

    /// Conversation `id` if `userID` takes part in it.
    func conversation(_ id: Int64, for userID: Int64) async throws -> Conversation? {
        try await database.read { db in
            try Conversation.fetchOne(
                db,
                sql: "SELECT c.* FROM conversation c JOIN participant p ON p.conversationID = c.id WHERE c.id = ? AND p.userID = ?",
                arguments: [id, userID])
        }
    }

    /// The messages of conversation `id`, oldest first.
    func messages(in id: Int64) async throws -> [Message] {
        try await database.read { db in try Message.filter(Column("conversationID") == id).order(Column("id")).fetchAll(db) }
    }

    /// The messages of conversation `id`, oldest first, each with its sender's display name.
    /// One query.
    func messagesWithSenders(in id: Int64) async throws -> [(message: Message, senderName: String)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.*, u.displayName AS senderName FROM message m JOIN user u ON u.id = m.senderID
                    WHERE m.conversationID = ? ORDER BY m.id
                    """, arguments: [id]
            ).map { (try Message(row: $0), $0["senderName"]) }
        }
    }

    /// The conversation between exactly `userID` and `otherID`, made (with both as
    /// participants) if they have none yet; returns its id. One transaction.
    func conversation(between userID: Int64, and otherID: Int64, title: String) async throws -> Int64 {
        try await database.write { db in
            if let id = try Int64.fetchOne(
                db,
                sql: """
                    SELECT p1.conversationID FROM participant p1
                    JOIN participant p2 ON p2.conversationID = p1.conversationID AND p2.userID = ?
                    WHERE p1.userID = ?
                      AND (SELECT COUNT(*) FROM participant p3 WHERE p3.conversationID = p1.conversationID) = 2
                    ORDER BY p1.conversationID LIMIT 1
                    """, arguments: [otherID, userID])
            {
                return id
            }
            try db.execute(sql: "INSERT INTO conversation (title) VALUES (?)", arguments: [title])
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO participant (conversationID, userID) VALUES (?, ?), (?, ?)", arguments: [id, userID, id, otherID])
            return id
        }
    }

    /// Stores a message; returns its id.
    func add(
        to conversationID: Int64, from senderID: Int64, kind: Message.Kind, body: String, imageURL: String?, at date: Date
    ) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO message (conversationID, senderID, kind, body, imageURL, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [conversationID, senderID, kind, body, imageURL, date])
            return db.lastInsertedRowID
        }
    }
}
