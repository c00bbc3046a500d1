import Foundation
import Tessera

// MARK: - CommentStore

/// Comments on posts.
struct CommentStore {
    let database: CountingDatabase

    /// `limit` comments of blog `blogID` after skipping `offset`, newest first, with their
    /// authors' names, plus whether more follow. One query.
    func range(of blogID: Int64, offset: Int, limit: Int) async throws -> (comments: [CommentItem], hasMore: Bool) {
        let rows = try await database.read { db in
            try await db.fetchAll(
                """
                SELECT \(Comment.qualifiedColumns), "user".displayName FROM comment JOIN "user" ON "user".id = comment.userID
                WHERE comment.blogID = ? ORDER BY comment.createdAt DESC, comment.id DESC LIMIT ? OFFSET ?
                """, [blogID, limit + 1, offset]
            ) { row in
                let (comment, author) = try row.records(Comment.self, DisplayName.self)
                return CommentItem(comment: comment, authorName: author.displayName ?? "")
            }
        }
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// How many comments blog `blogID` has. One query.
    func count(of blogID: Int64) async throws -> Int {
        try await database.read { db in try await Comment.filter(\.blogID == blogID).count(in: db) }
    }

    /// Adds `userID`'s comment on published blog `blogID`, with the job that mails the post's
    /// author (``CommentMailJob``); returns its id, or nil when the blog is missing or in the trash.
    func add(to blogID: Int64, by userID: Int64, body: String, at date: Date) async throws -> Int64? {
        try await database.write { db in
            guard try await Blog.published.filter(\.id == blogID).exists(in: db) else { return nil }
            let id = try await Comment(id: 0, blogID: blogID, userID: userID, body: body, createdAt: date).insert(in: db)
            try await JobQueue.enqueue(CommentMailJob(commentID: id), in: db)
            return id
        }
    }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("demo.comments.v1") { db in
            try await db.execute(
                """
                CREATE TABLE comment (id \(db.dialect.autoIncrementPrimaryKey),
                  blogID BIGINT NOT NULL REFERENCES blog (id) ON DELETE CASCADE,
                  userID BIGINT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
                  body TEXT NOT NULL, createdAt \(db.dialect.timestamp) NOT NULL)
                """)
            try await db.execute("CREATE INDEX comment_on_blog ON comment (blogID, createdAt)")
        }
    }

    /// Seed rows (part of ``DemoSeed``, which runs after every migration): a conversation under
    /// the two newest posts, so the demo shows comments and their pages.
    static func seed(_ db: SQLConnection) async throws {
        let bodies = [
            "Lovely write-up — thank you.", "I tried this last week and it worked.", "Could you say more about the second part?",
            "Bookmarked.", "This made my morning.", "Same here!", "Great photos too.",
        ]
        let blogs = try await Blog.published.order(by: \.createdAt, .descending).limit(2).all(in: db)
        let userIDs = try await User.order(by: \.id).all(in: db).map(\.id)
        guard !userIDs.isEmpty else { return }
        for (blogIndex, blog) in blogs.enumerated() {
            for index in 0..<(blogIndex == 0 ? 7 : 2) {
                try await Comment.insert(
                    blogID: blog.id, userID: userIDs[(index + 1) % userIDs.count], body: bodies[index % bodies.count],
                    createdAt: blog.createdAt.addingTimeInterval(Double(index + 1) * 600), into: db)
            }
        }
    }
}
