import Foundation
import Tessera

// MARK: - BlogStore

/// Blogs and likes. Likes are one row per user per blog; the count on the blog changes in the
/// same transaction as the row, only when the row really changed, so concurrent likes and
/// repeated clicks always leave the exact count (on PostgreSQL too: the insert that finds the
/// row taken changes nothing, and the count's `UPDATE` adds to the committed value).
struct BlogStore {
    let database: CountingDatabase

    /// `limit` of `userID`'s published blogs after skipping `offset`, newest first, plus whether
    /// more follow. One query.
    func range(of userID: Int64, offset: Int, limit: Int) async throws -> (blogs: [Blog], hasMore: Bool) {
        let rows = try await database.read { db in
            try await Blog.published.filter(\.userID == userID).newestFirst.limit(limit + 1).offset(offset).all(in: db)
        }
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// `limit` published blogs after skipping `offset`, newest first, each with its author, plus
    /// whether more follow: one query, the authors joined in (a list of ids looked up in a
    /// second query cost the home page a read, a JSON parse and a temporary table).
    /// With `matching` (default none), only the blogs whose title holds that text, in any case.
    func feed(matching search: String = "", offset: Int, limit: Int) async throws -> (items: [BlogListItem], hasMore: Bool) {
        let items = try await database.read { db in
            search.isEmpty
                ? try await Self.withAuthors(db, Self.withAuthorsSQL + Self.feedClauses, [limit + 1, offset])
                : try await Self.withAuthors(db, Self.withAuthorsSQL + Self.searchClauses, [Self.likePattern(search), limit + 1, offset])
        }
        return (Array(items.prefix(limit)), items.count > limit)
    }

    /// The newest published blog's id (0 for none) and how many published blogs are newer than
    /// `id` (none when nil). One query.
    func published(after id: Int64?) async throws -> (newest: Int64, newer: Int) {
        let summary = try await database.read { db in
            try await db.fetchOne(
                PublishedSummary.self,
                "SELECT COALESCE(MAX(id), 0), COALESCE(SUM(CASE WHEN id > ? THEN 1 ELSE 0 END), 0) FROM blog WHERE trashedAt IS NULL",
                [id ?? Int64.max])
        }
        return (summary?.newest ?? 0, Int(summary?.newer ?? 0))
    }

    /// A `LIKE` pattern matching titles holding `text` (lowercased; `%`, `_` and `\` taken as
    /// themselves).
    static func likePattern(_ text: String) -> String {
        var escaped = ""
        for character in text.lowercased() {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }

    /// Changes the title and body of `userID`'s published blog `id`; false if it is not theirs
    /// or not published.
    func update(_ id: Int64, by userID: Int64, title: String, body: String) async throws -> Bool {
        try await database.write { db in
            try await Blog.published.filter(\.id == id && \.userID == userID).update([.set(\.title, title), .set(\.body, body)], in: db) == 1
        }
    }

    /// The published blog with `id`, or nil (missing or trashed).
    func blog(_ id: Int64) async throws -> Blog? {
        try await database.read { db in try await Blog.published.filter(\.id == id).first(in: db) }
    }

    /// The published blog `id`'s title and like count, and whether `viewerID` (if anyone) likes
    /// it; nil when it is missing or trashed. One query, the viewer's like included (a like
    /// button read alone; a post's page reads ``page(_:viewerID:)``).
    func heading(_ id: Int64, viewerID: Int64?) async throws -> BlogHeading? {
        try await database.read { db in
            try await db.fetchOne(
                BlogHeading.self,
                """
                SELECT title, likeCount, EXISTS (SELECT 1 FROM "like" WHERE userID = ? AND blogID = blog.id)
                FROM blog WHERE id = ? AND trashedAt IS NULL
                """, [viewerID, id])
        }
    }

    /// Everything a post's page shows before its comments (``BlogPost``): the published blog `id`
    /// with its author's name, whether `viewerID` (if anyone) likes it and its comment count;
    /// nil when it is missing or trashed. One query, the like and the count as subqueries.
    func page(_ id: Int64, viewerID: Int64?) async throws -> BlogPost? {
        try await database.read { db in
            try await db.fetchOne(
                """
                SELECT \(Blog.qualifiedColumns), "user".displayName,
                  EXISTS (SELECT 1 FROM "like" WHERE "like".userID = ? AND "like".blogID = blog.id),
                  (SELECT COUNT(*) FROM comment WHERE comment.blogID = blog.id)
                FROM blog LEFT JOIN "user" ON "user".id = blog.userID
                WHERE blog.id = ? AND blog.trashedAt IS NULL
                """, [viewerID, id]
            ) { row in
                let (blog, extras) = try row.records(Blog.self, PostExtras.self)
                return BlogPost(
                    item: BlogListItem(blog: blog, authorName: extras.authorName), likedByViewer: extras.likedByViewer,
                    commentCount: extras.commentCount)
            }
        }
    }

    /// Which of the published blogs `ids` `userID` likes. One query, however many ids.
    func liked(_ ids: [Int64], by userID: Int64) async throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        var arguments: SQLArguments = [userID]
        let sql = "SELECT blogID FROM \"like\" WHERE userID = ? AND blogID IN (\(arguments.appendList(ids)))"
        return try await database.read { db in Set(try await db.fetchValues(Int64.self, sql, arguments)) }
    }

    /// Sets whether `userID` likes the published blog `id`; doing it twice changes nothing.
    /// Returns the new count, or nil — changing nothing — when the blog is missing or in the
    /// trash: only a published post is liked or unliked, whatever route asks. The blog's row is
    /// updated first, so a concurrent move to the trash waits for this like or finds it done
    /// (on SQLite one write runs at a time anyway).
    func setLike(_ liked: Bool, blog id: Int64, by userID: Int64) async throws -> Int? {
        try await database.write { db in
            // Locks the published row (PostgreSQL) before anything else is written.
            guard
                try await db.fetchValue(Int.self, "UPDATE blog SET likeCount = likeCount WHERE id = ? AND trashedAt IS NULL RETURNING likeCount", [id])
                    != nil
            else { return nil }
            let changed =
                liked
                ? try await db.execute("INSERT INTO \"like\" (userID, blogID) VALUES (?, ?) ON CONFLICT DO NOTHING", [userID, id])
                : try await db.execute("DELETE FROM \"like\" WHERE userID = ? AND blogID = ?", [userID, id])
            if changed == 1 {
                return try await db.fetchValue(
                    Int.self, "UPDATE blog SET likeCount = likeCount + ? WHERE id = ? RETURNING likeCount", [liked ? 1 : -1, id])
            }
            return try await db.fetchValue(Int.self, "SELECT likeCount FROM blog WHERE id = ?", [id])
        }
    }

    /// Moves `userID`'s blog `id` to the trash; false if it is not theirs or not published.
    func trash(_ id: Int64, by userID: Int64, at date: Date) async throws -> Bool {
        try await database.write { db in
            try await Blog.published.filter(\.id == id && \.userID == userID).update([.set(\.trashedAt, date)], in: db) == 1
        }
    }

    // MARK: - Blogs with their authors

    /// Blogs' columns, then their authors' names (NULL when the account is gone): only what a
    /// list shows, not the whole member (a password hash decoded per row for nothing).
    private static let withAuthorsSQL = """
        SELECT \(Blog.qualifiedColumns), "user".displayName FROM blog LEFT JOIN "user" ON "user".id = blog.userID\n
        """
    private static let feedClauses = "WHERE blog.trashedAt IS NULL ORDER BY blog.createdAt DESC, blog.id DESC LIMIT ? OFFSET ?"
    private static let searchClauses = """
        WHERE blog.trashedAt IS NULL AND LOWER(blog.title) LIKE ? ESCAPE '\\' ORDER BY blog.createdAt DESC, blog.id DESC LIMIT ? OFFSET ?
        """

    /// The rows of `sql` (a ``withAuthorsSQL`` query): each blog and its author's name.
    private static func withAuthors(_ db: SQLConnection, _ sql: String, _ arguments: SQLArguments) async throws -> [BlogListItem] {
        try await db.fetchAll(sql, arguments) { row in
            let (blog, author) = try row.records(Blog.self, DisplayName.self)
            return BlogListItem(blog: blog, authorName: author.displayName)
        }
    }
}

// MARK: - Rows

/// What a post's page reads beside the blog: its author's name, whether the viewer likes it,
/// and its comment count.
@SQLRecord
private struct PostExtras {
    var authorName: String?
    var likedByViewer: Bool
    var commentCount: Int
}

/// The newest published blog's id (0 for none) and how many are newer than a given one.
@SQLRecord
private struct PublishedSummary {
    var newest: Int64
    var newer: Int64
}
