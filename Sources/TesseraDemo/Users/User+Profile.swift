import Foundation
import Tessera

// MARK: - User profile rules

extension User {
    /// Up to two initials for the avatar circle: "Demo Writer" → "DW", "ada" → "A".
    public var initials: String {
        let words = displayName.split(whereSeparator: { $0.isWhitespace || $0 == "-" })
        let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? "?" : letters.joined()
    }
}

// MARK: - Profile rules

extension User {
    /// The display name field: one line of 1 to 60 characters, trimmed.
    public static let displayNameField = TextField("displayName", maxScalars: 60)
    /// The bio field: up to 500 characters, several lines, trimmed.
    public static let bioField = TextField("bio", maxScalars: 500, lines: .multiple)

    /// The fields of the profile form; raw values are the inputs' names.
    public enum ProfileField: String, CaseIterable, Sendable {
        case displayName, bio
    }

    /// What is wrong with a profile edit, by field: a display name needs something besides
    /// whitespace, and both keep their field's limits.
    public static func profileProblems(displayName: String, bio: String) -> [ProfileField: String] {
        var problems: [ProfileField: String] = [:]
        problems[.displayName] = displayNameField.check(displayName).problem
        problems[.bio] = bioField.check(bio).problem
        if displayName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems[.displayName] = "Give a name to show on your posts."
        }
        return problems
    }
}

// MARK: - ProfileCounts

/// What a profile counts: published posts and the likes they received.
@SQLRecord
struct ProfileCounts: Sendable, Equatable {
    var posts: Int
    var likes: Int
}
