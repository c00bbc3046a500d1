import Foundation
import Tessera

// MARK: - MessageStore

/// Conversations and their messages; only participants can read or write them.
struct MessageStore {
    let database: CountingDatabase

    /// `userID`'s conversations, the most recently active first, each with the other
    /// participant's name and the latest message's kind, text and sender. One query.
    func summaries(of userID: Int64) async throws -> [ConversationSummary] {
        try await database.read { db in
            try await db.fetchAll(
                SummaryRow.self,
                """
                SELECT c.id,
                  (SELECT u.displayName FROM participant p2 JOIN "user" u ON u.id = p2.userID
                    WHERE p2.conversationID = c.id AND p2.userID != ? ORDER BY u.id LIMIT 1),
                  m.kind, m.body, m.senderID, m.createdAt
                FROM conversation c
                JOIN participant p ON p.conversationID = c.id AND p.userID = ?
                LEFT JOIN message m ON m.id = (SELECT MAX(id) FROM message WHERE conversationID = c.id)
                ORDER BY m.id IS NULL, m.id DESC, c.id DESC
                """, [userID, userID]
            ).map(\.summary)
        }
    }

    /// How many of `userID`'s conversations wait for their reply: the latest message is the
    /// other person's. One query.
    func awaitingReply(of userID: Int64) async throws -> Int {
        try await database.read { db in
            try await db.fetchValue(
                Int.self,
                """
                SELECT COUNT(*) FROM participant p
                JOIN message m ON m.id = (SELECT MAX(id) FROM message WHERE conversationID = p.conversationID)
                WHERE p.userID = ? AND m.senderID != ?
                """, [userID, userID]) ?? 0
        }
    }

    /// A row of ``summaries(of:)``: the latest message's columns are NULL for a conversation
    /// without one.
    @SQLRecord
    struct SummaryRow {
        var id: Int64
        var otherName: String?
        var kind: Message.Kind?
        var body: String?
        var senderID: Int64?
        var createdAt: Date?

        var summary: ConversationSummary {
            let last = kind.map { kind in
                ConversationSummary.LastMessage(kind: kind, body: body ?? "", senderID: senderID ?? 0, createdAt: createdAt ?? Date(timeIntervalSince1970: 0))
            }
            return ConversationSummary(id: id, otherName: otherName ?? "", last: last)
        }
    }

    /// The first participant of conversation `id` other than `userID`, or nil.
    func otherParticipant(in id: Int64, besides userID: Int64) async throws -> User? {
        try await database.read { db in
            try await db.fetchOne(
                User.self,
                """
                SELECT \(User.qualifiedColumns) FROM "user" JOIN participant p ON p.userID = "user".id
                WHERE p.conversationID = ? AND "user".id != ? ORDER BY "user".id LIMIT 1
                """, [id, userID])
        }
    }

    /// Conversation `id` if `userID` takes part in it.
    func conversation(_ id: Int64, for userID: Int64) async throws -> Conversation? {
        try await database.read { db in
            try await db.fetchOne(
                Conversation.self,
                """
                SELECT \(Conversation.qualifiedColumns) FROM conversation JOIN participant p ON p.conversationID = conversation.id
                WHERE conversation.id = ? AND p.userID = ?
                """, [id, userID])
        }
    }

    /// The messages of conversation `id`, oldest first.
    func messages(in id: Int64) async throws -> [Message] {
        try await database.read { db in
            try await db.fetchAll(Message.self, "SELECT \(Message.columns) FROM message WHERE conversationID = ? ORDER BY id", [id])
        }
    }

    /// The messages of conversation `id`, oldest first, each with its sender's display name.
    /// One query.
    func messagesWithSenders(in id: Int64) async throws -> [(message: Message, senderName: String)] {
        let nameIndex = Message.columnNames.count
        return try await database.read { db in
            try await db.fetchAll(
                """
                SELECT \(Message.qualifiedColumns), "user".displayName FROM message JOIN "user" ON "user".id = message.senderID
                WHERE message.conversationID = ? ORDER BY message.id
                """, [id]
            ) { row in (try Message(row: row), try row.decode(String.self, at: nameIndex)) }
        }
    }

    /// The conversation between exactly `userID` and `otherID`, made (with both as
    /// participants) if they have none yet; returns its id. One transaction.
    func conversation(between userID: Int64, and otherID: Int64, title: String) async throws -> Int64 {
        try await database.write { db in
            try await Self.lockPair(userID, otherID, in: db)
            if let id = try await db.fetchValue(
                Int64.self,
                """
                SELECT p1.conversationID FROM participant p1
                JOIN participant p2 ON p2.conversationID = p1.conversationID AND p2.userID = ?
                WHERE p1.userID = ?
                  AND (SELECT COUNT(*) FROM participant p3 WHERE p3.conversationID = p1.conversationID) = 2
                ORDER BY p1.conversationID LIMIT 1
                """, [otherID, userID])
            {
                return id
            }
            let id = try await db.insertReturningID("INSERT INTO conversation (title) VALUES (?) RETURNING id", [title])
            try await db.execute("INSERT INTO participant (conversationID, userID) VALUES (?, ?), (?, ?)", [id, userID, id, otherID])
            return id
        }
    }

    /// Stores a message, and its `image` (``MessageUploads/route``) in the same transaction: the
    /// file lands with the message naming it or not at all. Returns its id.
    func add(
        to conversationID: Int64, from senderID: Int64, kind: Message.Kind, body: String, image: AcceptedFile? = nil, at date: Date
    ) async throws -> Int64 {
        try await database.write { db in
            var imageURL: String?
            if let image { imageURL = try await MessageUploads.route.store(image, in: db) }
            return try await Message.insert(
                conversationID: conversationID, senderID: senderID, kind: kind, body: body, imageURL: imageURL, createdAt: date, into: db)
        }
    }

    // MARK: - Concurrency

    /// Makes a concurrent ``conversation(between:and:title:)`` for the same two members wait
    /// until this transaction ends, so it finds the conversation this one makes instead of
    /// making a second.
    ///
    /// SQLite runs one write transaction at a time, so nothing is needed there. PostgreSQL (READ
    /// COMMITTED) would let both look, find nothing and insert: there, a transaction-scoped
    /// advisory lock on the pair (in the two-key space, apart from Tessera's one-key migration
    /// lock), released at commit.
    private static func lockPair(_ userID: Int64, _ otherID: Int64, in db: SQLConnection) async throws {
        guard db.dialect == .postgres else { return }
        try await db.execute(
            "SELECT pg_advisory_xact_lock(CAST(? AS INTEGER), CAST(? AS INTEGER))",
            [Int32(truncatingIfNeeded: min(userID, otherID)), Int32(truncatingIfNeeded: max(userID, otherID))])
    }
}
