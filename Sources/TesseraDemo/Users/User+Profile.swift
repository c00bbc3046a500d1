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

// MARK: - ProfileCounts

/// What a profile counts: published posts and the likes they received.
struct ProfileCounts: Sendable, Equatable {
    var posts: Int
    var likes: Int
}
