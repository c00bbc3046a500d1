import Foundation
import GRDB

// MARK: - DemoFixtures

/// Rows the demo's previews are built from. Each preview runs these on a database of its own
/// (migrated, not seeded), so nothing here ever reaches the app's database.
enum DemoFixtures {
    /// Text a person could type to break a page: markup, quotes, an entity, a right-to-left
    /// override, and characters outside the basic plane. It must come back exactly, escaped.
    static let hostileText = "<script>alert(\"hi\")</script> Tom & Jerry's <b>bold</b> &amp; \u{202E}olleh 𝕏 👩🏽‍💻"

    /// A paragraph long enough to test wrapping and excerpts.
    static let longText = String(repeating: "Supercalifragilisticexpialidocious words keep going without a break. ", count: 40)

    /// The whole seed: six members, 72 blogs, drafts, photos, conversations, priorities, comments.
    static func community(_ db: Database) throws { try DemoSeed.insert(into: db) }

    /// One member, id 1.
    static func member(_ db: Database, name: String = "Demo Writer", bio: String = "Writes about small tools.") throws {
        try user(name: name, bio: bio).insert(db)
    }

    /// Member 1, with a hostile name and bio.
    static func hostileMember(_ db: Database) throws { try member(db, name: hostileText, bio: hostileText) }

    /// Member 1 and their blog 1 with `title` and `body` (in the trash when `trashed`).
    static func blog(_ db: Database, title: String, body: String, trashed: Bool = false) throws {
        try member(db)
        try Blog(
            id: 1, userID: 1, title: title, body: body, likeCount: 0, createdAt: DemoSeed.epoch,
            trashedAt: trashed ? DemoSeed.hours(1) : nil
        ).insert(db)
    }

    /// A fixture that removes `table`, so a component reading it fails and shows its error.
    static func without(_ table: String) -> @Sendable (Database) throws -> Void {
        { db in try db.execute(sql: "DROP TABLE \"\(table)\"") }
    }

    /// Member 1 as a value (for components handed their subject by the scene).
    static func user(name: String = "Demo Writer", bio: String = "Writes about small tools.") -> User {
        User(id: 1, username: "demo", displayName: name, bio: bio, passwordHash: "-", createdAt: DemoSeed.epoch)
    }
}
