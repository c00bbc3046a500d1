import Foundation
import GRDB

// MARK: - Draft

/// An unpublished post, only its author sees it.
public struct Draft: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "draft"

    public var id: Int64
    public var userID: Int64
    public var title: String
    public var body: String
    public var updatedAt: Date

    /// The rules a draft must follow to be saved (title and body limits) and to be published
    /// (a title and a body). Messages name the field.
    public static func problems(title: String, body: String, publishing: Bool) -> [String: String] {
        var problems: [String: String] = [:]
        if title.count > 120 { problems["title"] = "Keep the title under 120 characters (it has \(title.count))." }
        if body.count > 20_000 { problems["body"] = "Keep the text under 20,000 characters." }
        if publishing {
            if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems["title"] = "Give the post a title before publishing." }
            if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems["body"] = "Write something before publishing." }
        }
        return problems
    }
}

// MARK: - Draft rules

extension Draft {
    /// This draft's problems under ``problems(title:body:publishing:)``.
    public func problems(publishing: Bool) -> [String: String] {
        Self.problems(title: title, body: body, publishing: publishing)
    }

    /// The title for lists: "Untitled draft" when it has none yet.
    public var displayTitle: String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "Untitled draft" : trimmed
    }
}
