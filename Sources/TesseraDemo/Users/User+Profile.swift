import Foundation

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
    /// The longest display name, in characters.
    public static let maxDisplayNameLength = 60
    /// The longest bio, in characters.
    public static let maxBioLength = 500

    /// What is wrong with a profile edit, by field (`displayName`, `bio`): a display name needs
    /// 1 to ``maxDisplayNameLength`` characters once trimmed, a bio at most ``maxBioLength``.
    public static func profileProblems(displayName: String, bio: String) -> [String: String] {
        var problems: [String: String] = [:]
        if displayName.isEmpty { problems["displayName"] = "Give a name to show on your posts." }
        if displayName.count > maxDisplayNameLength {
            problems["displayName"] = "Keep the name to \(maxDisplayNameLength) characters or fewer (it has \(displayName.count))."
        }
        if bio.count > maxBioLength { problems["bio"] = "Keep the bio to \(maxBioLength) characters or fewer (it has \(bio.count))." }
        return problems
    }
}

// MARK: - ProfileCounts

/// What a profile counts: published posts and the likes they received.
struct ProfileCounts: Sendable, Equatable {
    var posts: Int
    var likes: Int
}
