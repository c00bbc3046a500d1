import Tessera

// MARK: - UploadAccess

/// Who may see an uploaded image: the members of the conversation it was sent in, nobody else.
struct UploadAccess {
    let database: CountingDatabase

    /// Whether `userID` takes part in a conversation holding a message with the image at
    /// `imageURL`. One query.
    func canRead(imageURL: String, userID: Int64) async throws -> Bool {
        try await database.read { db in
            try await db.fetchValue(
                Bool.self,
                """
                SELECT EXISTS (SELECT 1 FROM message m
                  JOIN participant p ON p.conversationID = m.conversationID AND p.userID = ?
                  WHERE m.imageURL = ?)
                """, [userID, imageURL]) ?? false
        }
    }
}
