import Foundation
import Tessera

// MARK: - DemoSeed

/// The data a first run browses: six members (Ada the back office's admin), 72 blogs (some liked, two of the demo user's in
/// the trash), drafts, twelve photos, two conversations with text and image messages, and
/// priorities. Deterministic, so snapshots of seeded pages are stable.
enum DemoSeed {
    /// The demo account.
    static let demoUsername = "demo"
    static let demoPassword = "tessera-demo"
    /// The member with the admin role: the back office (`/admin`) is theirs.
    static let adminUsername = "ada"
    static let adminPassword = "tessera-admin"
    /// Every seeded date counts from here.
    static let epoch = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05 09:00 UTC

    /// bcrypt of the demo password, computed once per process.
    static let demoHash = Passwords.hash(demoPassword)
    /// bcrypt of the admin's password, computed once per process.
    static let adminHash = Passwords.hash(adminPassword)
    /// bcrypt of a password nobody knows (the other members, and timing-equal failed sign-ins).
    static let unusedHash = Passwords.hash("not-a-real-password-\(UUID().uuidString)")

    static let members: [(username: String, name: String, bio: String)] = [
        ("demo", "Demo Writer", "Trying out Tessera. Writes about small tools and long walks."),
        ("ada", "Ada Lovelace", "Notes on engines, numbers and poetry."),
        ("grace", "Grace Hopper", "Compilers, nanoseconds, and getting things done."),
        ("linus", "Linus Pauling", "Chemistry, vitamins and curiosity."),
        ("margaret", "Margaret Hamilton", "Software engineering before it had a name."),
        ("alan", "Alan Kay", "The best way to predict the future is to invent it."),
    ]

    static let topics = [
        "Small tools", "Long walks", "Reading code", "Quiet mornings", "Typography", "Databases", "Testing",
        "Caching", "Gardening", "Maps", "Bicycles", "Tea",
    ]

    static func hours(_ count: Int) -> Date { epoch.addingTimeInterval(Double(count) * 3600) }

    /// Inserts it all into an empty, migrated database. Rows are numbered by the database, in
    /// order (so a fresh database gives members 1…6 and blogs 1…72, as the snapshots show), and
    /// each row refers to the ids its parents were given.
    static func insert(into db: SQLConnection) async throws {
        var userIDs: [Int64] = []
        for (index, member) in members.enumerated() {
            let hash = member.username == demoUsername ? demoHash : member.username == adminUsername ? adminHash : unusedHash
            userIDs.append(
                try await User.insert(
                    username: member.username, displayName: member.name, bio: member.bio, passwordHash: hash,
                    createdAt: hours(-24 * 30 + index), into: db))
            if member.username == adminUsername { try await MemberRoles.grant(.admin, to: userIDs[index], in: db) }
        }
        // 72 blogs, round-robin over members; the demo user's #2 and #3 are in the trash.
        var blogIDs: [Int64] = []
        for index in 0..<72 {
            let author = index % members.count
            let topic = topics[index % topics.count]
            let body = "\(topic), part \(index / topics.count + 1).\n\nA post by \(members[author].name) about \(topic.lowercased()): what worked, what did not, and what to try next time."
            let trashed = author == 0 && (index == 6 || index == 12) ? hours(index + 1) : nil
            blogIDs.append(
                try await Blog.insert(
                    userID: userIDs[author], title: "\(topic) #\(index / topics.count + 1)", body: body, createdAt: hours(index),
                    trashedAt: trashed, into: db))
        }
        // Likes: every third blog is liked by the members after its author.
        for blog in stride(from: 0, to: blogIDs.count, by: 3) {
            for liker in 2...4 {
                try await db.execute(
                    "INSERT INTO \"like\" (userID, blogID) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    [userIDs[(blog + 1 + liker) % members.count], blogIDs[blog]])
            }
        }
        try await db.execute("UPDATE blog SET likeCount = (SELECT COUNT(*) FROM \"like\" WHERE blogID = blog.id)")
        let drafts = [
            ("Notes on Mustache", "Logic-less templates keep views honest."),
            ("Half an idea", ""),
            ("Why SQLite", "One file, no server, and it is fast."),
        ]
        for (index, draft) in drafts.enumerated() {
            try await Draft.insert(userID: userIDs[0], title: draft.0, body: draft.1, updatedAt: hours(80 + index), into: db)
        }
        let photoTitles = [
            "Harbour at dawn", "Green hills", "City lights", "Red door", "Blue hour", "Old bridge", "Lanterns",
            "Sand dunes", "Forest path", "Snow roofs", "Market day", "Lighthouse",
        ]
        for (index, title) in photoTitles.enumerated() {
            try await Photo.insert(
                userID: userIDs[index % members.count], title: title, url: "/photos/photo-\(index + 1).svg", createdAt: hours(index * 5),
                into: db)
        }
        try await seedConversations(db, userIDs: userIDs)
        let priorities = [("Finish the guide", -10, 40), ("Learn GRDB", -30, 5), ("Plan the trip", 60, 90), ("Write every week", -100, 400)]
        for priority in priorities {
            try await Priority.insert(
                userID: userIDs[0], title: priority.0, startDate: hours(priority.1 * 24), endDate: hours(priority.2 * 24), into: db)
        }
        try await CommentStore.seed(db)
    }

    /// Two conversations of the demo user's, with text and image messages (the members are
    /// positions in ``members``).
    private static func seedConversations(_ db: SQLConnection, userIDs: [Int64]) async throws {
        let conversations: [(String, Int, [(Int, Message.Kind, String, String?)])] = [
            ("Demo and Ada", 1, [
                (1, .text, "Did you try the new template engine?", nil),
                (0, .text, "Yes! It checks every template when the server starts.", nil),
                (1, .image, "The harbour this morning", "/photos/photo-1.svg"),
                (0, .text, "Beautiful. <b>Tags</b> in messages stay text, by the way.", nil),
            ]),
            ("Demo and Grace", 2, [
                (2, .text, "A nanosecond is about 30 cm of wire.", nil),
                (2, .image, "Lanterns", "/photos/photo-7.svg"),
            ]),
        ]
        var count = 0
        for (title, other, messages) in conversations {
            let id = try await Conversation.insert(title: title, between: [userIDs[0], userIDs[other]], into: db)
            for message in messages {
                count += 1
                try await Message.insert(
                    conversationID: id, senderID: userIDs[message.0], kind: message.1, body: message.2, imageURL: message.3,
                    createdAt: hours(100 + count), into: db)
            }
        }
    }
}
