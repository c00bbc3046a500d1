import Tessera

// MARK: - DemoSchema

/// The community's tables as the migration `demo.community.v1` creates them, one statement
/// each. Names are unquoted but for the tables `user` and `like` (reserved words in
/// PostgreSQL), so PostgreSQL folds `userID` to the `userid` every query names; indexes keep the
/// names GRDB gave them (`blog_on_userID`), which later migrations drop by name.
enum DemoSchema {
    /// The statements, in order (a table before the tables that refer to it).
    static func community(_ dialect: SQLDialect) -> [String] {
        let id = dialect.autoIncrementPrimaryKey
        let date = dialect.timestamp
        return [
            """
            CREATE TABLE "user" (id \(id), username TEXT NOT NULL UNIQUE, displayName TEXT NOT NULL, bio TEXT NOT NULL,
              passwordHash TEXT NOT NULL, createdAt \(date) NOT NULL)
            """,
            """
            CREATE TABLE priority (id \(id), userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
              title TEXT NOT NULL, startDate \(date) NOT NULL, endDate \(date) NOT NULL)
            """,
            """
            CREATE TABLE blog (id \(id), userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE, title TEXT NOT NULL,
              body TEXT NOT NULL, likeCount BIGINT NOT NULL DEFAULT 0, createdAt \(date) NOT NULL, trashedAt \(date))
            """,
            "CREATE INDEX blog_on_userID ON blog (userID)",
            "CREATE INDEX blog_on_createdAt ON blog (createdAt)",
            """
            CREATE TABLE "like" (userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
              blogID BIGINT NOT NULL REFERENCES blog (id) ON DELETE CASCADE, PRIMARY KEY (userID, blogID))
            """,
            """
            CREATE TABLE draft (id \(id), userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE, title TEXT NOT NULL,
              body TEXT NOT NULL, updatedAt \(date) NOT NULL)
            """,
            "CREATE INDEX draft_on_userID ON draft (userID)",
            """
            CREATE TABLE photo (id \(id), userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE, title TEXT NOT NULL,
              url TEXT NOT NULL, createdAt \(date) NOT NULL)
            """,
            "CREATE TABLE conversation (id \(id), title TEXT NOT NULL)",
            """
            CREATE TABLE participant (conversationID BIGINT NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
              userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE, PRIMARY KEY (conversationID, userID))
            """,
            """
            CREATE TABLE message (id \(id), conversationID BIGINT NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
              senderID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE, kind TEXT NOT NULL, body TEXT NOT NULL,
              imageURL TEXT, createdAt \(date) NOT NULL)
            """,
            "CREATE INDEX message_on_conversationID ON message (conversationID)",
        ]
    }
}
