import Foundation
import Tessera

// MARK: - Draft

/// An unpublished post, only its author sees it: the table `draft` as `demo.community.v1` made
/// it, with its index on `userID` (`migrate --plan` finds nothing to change). A draft may be
/// blank until it is published.
@Model(table: "draft")
public struct Draft: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "draft"

    public var id: Int64
    @Column(references: User.self, onDelete: .cascade, .indexed) public var userID: Int64
    @Column(.allowsEmpty, .length(max: Draft.titleField.maxScalars)) public var title: String
    @Column(.allowsEmpty, .length(max: Draft.bodyField.maxScalars)) public var body: String
    public var updatedAt: Date

    /// The title field: one line of up to 120 characters (480 bytes), trimmed.
    public static let titleField = TextField("title", maxScalars: 120)
    /// The text field: up to 20,000 characters and 60,000 bytes, kept exactly as typed
    /// (leading and trailing blank lines too).
    public static let bodyField = TextField("body", maxScalars: 20_000, maxBytes: 60_000, lines: .multiple, trimsWhitespace: false)

    /// The fields of a post's form (a draft's or a published post's); raw values are the
    /// inputs' names.
    public enum Field: String, CaseIterable, Sendable {
        case title, body
    }

    /// The rules a draft must follow to be saved (the fields' limits) and to be published
    /// (a title and a body), by field.
    public static func problems(title: String, body: String, publishing: Bool) -> [Field: String] {
        var problems: [Field: String] = [:]
        problems[.title] = titleField.check(title).problem
        problems[.body] = bodyField.check(body).problem
        if publishing {
            if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems[.title] = "Give the post a title before publishing." }
            if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems[.body] = "Write something before publishing." }
        }
        return problems
    }
}

// MARK: - Draft rules

extension Draft {
    /// This draft's problems under ``problems(title:body:publishing:)``.
    public func problems(publishing: Bool) -> [Field: String] {
        Self.problems(title: title, body: body, publishing: publishing)
    }

    /// The title for lists: "Untitled draft" when it has none yet.
    public var displayTitle: String {
        // Titles are stored trimmed, so Foundation's trim (a tenth of a millisecond per list of
        // drafts) runs only for a title whose first or last byte is whitespace or not ASCII.
        if let first = title.utf8.first, let last = title.utf8.last, Self.isPlainEdge(first), Self.isPlainEdge(last) { return title }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "Untitled draft" : trimmed
    }

    /// An ASCII byte that is not whitespace: a title may start or end with it as is.
    private static func isPlainEdge(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}

// MARK: - Inserting

extension Draft {
    /// Stores a new draft (for the seed and fixtures) and returns the id the database numbered
    /// it with.
    @discardableResult
    static func insert(userID: Int64, title: String, body: String, updatedAt: Date, into db: SQLConnection) async throws -> Int64 {
        try await Draft(id: 0, userID: userID, title: title, body: body, updatedAt: updatedAt).insert(in: db)
    }
}
