import GRDB

// MARK: - DemoMigrations

/// The app's schema migrations, in order (the seed runs after them: ``DemoApp/seed(_:)``).
enum DemoMigrations {
    /// Registers every migration of the app.
    static func register(_ migrator: inout DatabaseMigrator) {
        FortuneStore.registerMigration(in: &migrator)
        migrator.registerMigration("demo.community.v1") { db in
            try db.create(table: "user") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("username", .text).notNull().unique()
                t.column("displayName", .text).notNull()
                t.column("bio", .text).notNull()
                t.column("passwordHash", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "priority") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade)
                t.column("title", .text).notNull()
                t.column("startDate", .datetime).notNull()
                t.column("endDate", .datetime).notNull()
            }
            try db.create(table: "blog") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade).indexed()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("likeCount", .integer).notNull().defaults(to: 0)
                t.column("createdAt", .datetime).notNull().indexed()
                t.column("trashedAt", .datetime)
            }
            try db.create(table: "like") { t in
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade)
                t.column("blogID", .integer).notNull().references("blog", onDelete: .cascade)
                t.primaryKey(["userID", "blogID"])
            }
            try db.create(table: "draft") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade).indexed()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "photo") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade)
                t.column("title", .text).notNull()
                t.column("url", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "conversation") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
            }
            try db.create(table: "participant") { t in
                t.column("conversationID", .integer).notNull().references("conversation", onDelete: .cascade)
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade)
                t.primaryKey(["conversationID", "userID"])
            }
            try db.create(table: "message") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("conversationID", .integer).notNull().references("conversation", onDelete: .cascade).indexed()
                t.column("senderID", .integer).notNull().references("user", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("body", .text).notNull()
                t.column("imageURL", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        // Notices were the demo's own until Tessera kept them (`tessera_notices`): the table
        // is made and then dropped, so databases of either age end the same.
        migrator.registerMigration("demo.notices.v1") { db in
            try db.create(table: "notice") { t in
                t.primaryKey("sessionID", .text)
                t.column("message", .text).notNull()
            }
        }
        CommentStore.registerMigration(in: &migrator)
        // Lists come newest first: the gallery and the feed's photos, a profile's posts. Without
        // these indexes each list sorted its rows in a temporary b-tree. (The rowid, every
        // list's tie-break, is in each index; the profile's index also finds a member's posts.)
        migrator.registerMigration("demo.list-order.v2") { db in
            try db.create(index: "photo_on_createdAt", on: "photo", columns: ["createdAt"])
            try db.create(index: "blog_on_userID_createdAt", on: "blog", columns: ["userID", "createdAt"])
            try db.drop(index: "blog_on_userID")
        }
        migrator.registerMigration("demo.notices.v2-framework") { db in try db.drop(table: "notice") }
    }
}
