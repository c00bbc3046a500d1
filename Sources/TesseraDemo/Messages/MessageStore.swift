import Foundation
import GRDB
import Tessera

// MARK: - MessageStore

/// Conversations and their messages; only participants can read or write them.
struct MessageStore {
    let database: CountingDatabase

    /// `userID`'s conversations with the other participant's name and the last message, newest
    /// first. One query.
    func conversations(of userID: Int64) async throws -> [(conversation: Conversation, other: String, last: String?)] {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT c.id, c.title,
                      (SELECT u.displayName FROM participant p2 JOIN user u ON u.id = p2.userID
                        WHERE p2.conversationID = c.id AND p2.userID != ? LIMIT 1) AS other,
                      (SELECT m.body FROM message m WHERE m.conversationID = c.id ORDER BY m.id DESC LIMIT 1) AS last,
                      (SELECT MAX(m.id) FROM message m WHERE m.conversationID = c.id) AS lastID
                    FROM conversation c JOIN participant p ON p.conversationID = c.id AND p.userID = ?
                    ORDER BY lastID DESC, c.id DESC
                    """, arguments: [userID, userID])
            return rows.map { (Conversation(id: $0["id"], title: $0["title"]), $0["other"] ?? "", $0["last"]) }
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
