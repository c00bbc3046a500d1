import Foundation
import Tessera

// MARK: - DemoFixtures

/// Rows the demo's previews are built from. Each preview runs these on a database of its own
/// (migrated, not seeded), so nothing here ever reaches the app's database. The database
/// numbers the rows, so on that fresh database the first member and the first blog are 1.
enum DemoFixtures {
    /// Text a person could type to break a page: markup, quotes, an entity, a right-to-left
    /// override, and characters outside the basic plane. It must come back exactly, escaped.
    static let hostileText = "<script>alert(\"hi\")</script> Tom & Jerry's <b>bold</b> &amp; \u{202E}olleh 𝕏 👩🏽‍💻"

    /// A paragraph long enough to test wrapping and excerpts.
    static let longText = String(repeating: "Supercalifragilisticexpialidocious words keep going without a break. ", count: 40)

    /// The whole seed: six members, 72 blogs, drafts, photos, conversations, priorities, comments.
    static func community(_ db: SQLConnection) async throws { try await DemoSeed.insert(into: db) }

    /// One member (id 1 on a fresh database), as ``user(name:bio:)`` describes them; returns
    /// their id.
    @discardableResult
    static func member(_ db: SQLConnection, name: String = "Demo Writer", bio: String = "Writes about small tools.") async throws -> Int64 {
        let user = user(name: name, bio: bio)
        return try await User.insert(
            username: user.username, displayName: user.displayName, bio: user.bio, passwordHash: user.passwordHash,
            createdAt: user.createdAt, into: db)
    }

    /// Member 1, with a hostile name and bio.
    static func hostileMember(_ db: SQLConnection) async throws { try await member(db, name: hostileText, bio: hostileText) }

    /// Member 1 and their blog 1 with `title` and `body` (in the trash when `trashed`).
    static func blog(_ db: SQLConnection, title: String, body: String, trashed: Bool = false) async throws {
        let userID = try await member(db)
        try await Blog.insert(
            userID: userID, title: title, body: body, createdAt: DemoSeed.epoch, trashedAt: trashed ? DemoSeed.hours(1) : nil, into: db)
    }

    /// A fixture that removes `table`, so a component reading it fails and shows its error.
    static func without(_ table: String) -> @Sendable (SQLConnection) async throws -> Void {
        { db in try await db.execute("DROP TABLE \"\(table)\"") }
    }

    /// Member 1's post 1 as a value, with its author's name (for components handed their post by
    /// the scene); by default the seeded community's first post.
    static func post(
        title: String = "Small tools #1",
        body: String = "Small tools, part 1.\n\nA post by Demo Writer about small tools: what worked, what did not, and what to try next time."
    ) -> BlogListItem {
        BlogListItem(
            blog: Blog(id: 1, userID: 1, title: title, body: body, likeCount: 0, createdAt: DemoSeed.epoch, trashedAt: nil),
            authorName: "Demo Writer")
    }

    /// Member 1 as a value (for components handed their subject by the scene).
    static func user(name: String = "Demo Writer", bio: String = "Writes about small tools.") -> User {
        User(id: 1, username: "demo", displayName: name, bio: bio, passwordHash: "-", createdAt: DemoSeed.epoch)
    }
}
