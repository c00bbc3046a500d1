import Foundation
import Tessera

// MARK: - Blog

/// A published post. Trashed posts keep their row with `trashedAt` set until deleted forever.
///
/// The table `blog` as `demo.community.v1` made it (``DemoSchema``): `migrate --plan` finds
/// nothing to change. Its index on `(userID, createdAt)`, a member's posts newest first, is
/// the migrations' own (`blog_by_userID_createdAt`), which a column's mark cannot say.
@Model(table: "blog")
public struct Blog: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "blog"

    public var id: Int64
    @Column(references: User.self, onDelete: .cascade) public var userID: Int64
    @Column(.length(max: Draft.titleField.maxScalars)) public var title: String
    @Column(.length(max: Draft.bodyField.maxScalars)) public var body: String
    /// How many users like it; kept equal to the `like` rows in the same transaction.
    public var likeCount: Int = 0
    @Column(.indexed) public var createdAt: Date
    public var trashedAt: Date?

    /// The start of the body on one line, for lists: at most 160 scalars (``TextExcerpt``).
    public var excerpt: String {
        TextExcerpt.line(body, maxScalars: 160)
    }

    /// The body's paragraphs: blocks separated by blank lines, trimmed, empty ones dropped.
    public var paragraphs: [String] {
        TextParagraphs.split(body)
    }
}

// MARK: - Queries

extension Blog {
    /// The published blogs: those not in the trash.
    static var published: ModelQuery<Blog> { filter(.isNil(\.trashedAt)) }

    /// The trashed blogs.
    static var trashed: ModelQuery<Blog> { filter(.isNotNil(\.trashedAt)) }
}

extension ModelQuery<Blog> {
    /// Newest first, the later id first among posts of the same time.
    var newestFirst: ModelQuery<Blog> { order(by: \.createdAt, .descending).order(by: \.id, .descending) }
}

// MARK: - BlogAuthorship

extension Blog {
    /// Whether `userID` wrote this blog.
    public func isWritten(by userID: Int64?) -> Bool { userID == self.userID }
}

// MARK: - Inserting

extension Blog {
    /// Stores a new blog (for the seed and fixtures) and returns the id the database numbered
    /// it with.
    @discardableResult
    static func insert(
        userID: Int64, title: String, body: String, likeCount: Int = 0, createdAt: Date, trashedAt: Date? = nil,
        into db: SQLConnection
    ) async throws -> Int64 {
        try await Blog(id: 0, userID: userID, title: title, body: body, likeCount: likeCount, createdAt: createdAt, trashedAt: trashedAt)
            .insert(in: db)
    }
}
