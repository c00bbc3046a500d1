import Foundation
import GRDB
import Tessera

// MARK: - DemoSeed

/// The data a first run browses: six members, 72 blogs (some liked, two of the demo user's in
/// the trash), drafts, twelve photos, two conversations with text and image messages, and
/// priorities. Deterministic, so snapshots of seeded pages are stable.
enum DemoSeed {
    /// The demo account.
    static let demoUsername = "demo"
    static let demoPassword = "tessera-demo"
    /// Every seeded date counts from here.
    static let epoch = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05 09:00 UTC

    /// bcrypt of the demo password, computed once per process.
    static let demoHash = Passwords.hash(demoPassword)
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

    static func insert(into db: Database) throws {
        for (index, member) in members.enumerated() {
            try User(
                id: Int64(index + 1), username: member.username, displayName: member.name, bio: member.bio,
                passwordHash: index == 0 ? demoHash : unusedHash, createdAt: hours(-24 * 30 + index)
            ).insert(db)
        }
        // 72 blogs, round-robin over members; the demo user's #2 and #3 are in the trash.
        for index in 0..<72 {
            let author = Int64(index % members.count + 1)
            let topic = topics[index % topics.count]
            let body = "\(topic), part \(index / topics.count + 1).\n\nA post by \(members[Int(author - 1)].name) about \(topic.lowercased()): what worked, what did not, and what to try next time."
            let trashed = author == 1 && (index == 6 || index == 12) ? hours(index + 1) : nil
            try Blog(
                id: Int64(index + 1), userID: author, title: "\(topic) #\(index / topics.count + 1)", body: body, likeCount: 0,
                createdAt: hours(index), trashedAt: trashed
            ).insert(db)
        }
        // Likes: every third blog is liked by the members after its author.
        for blog in stride(from: 1, through: 72, by: 3) {
            for liker in 2...4 {
                let userID = Int64((blog + liker) % members.count + 1)
                try db.execute(sql: "INSERT OR IGNORE INTO \"like\" (userID, blogID) VALUES (?, ?)", arguments: [userID, blog])
            }
        }
        try db.execute(sql: "UPDATE blog SET likeCount = (SELECT COUNT(*) FROM \"like\" WHERE blogID = blog.id)")
        let drafts = [
            ("Notes on Mustache", "Logic-less templates keep views honest."),
            ("Half an idea", ""),
            ("Why SQLite", "One file, no server, and it is fast."),
        ]
        for (index, draft) in drafts.enumerated() {
            try Draft(id: Int64(index + 1), userID: 1, title: draft.0, body: draft.1, updatedAt: hours(80 + index)).insert(db)
        }
        let photoTitles = [
            "Harbour at dawn", "Green hills", "City lights", "Red door", "Blue hour", "Old bridge", "Lanterns",
            "Sand dunes", "Forest path", "Snow roofs", "Market day", "Lighthouse",
        ]
        for (index, title) in photoTitles.enumerated() {
            try Photo(
                id: Int64(index + 1), userID: Int64(index % members.count + 1), title: title,
                url: "/photos/photo-\(index + 1).svg", createdAt: hours(index * 5)
            ).insert(db)
        }
        try seedConversations(db)
        let priorities = [("Finish the guide", -10, 40), ("Learn GRDB", -30, 5), ("Plan the trip", 60, 90), ("Write every week", -100, 400)]
        for (index, priority) in priorities.enumerated() {
            try Priority(
                id: Int64(index + 1), userID: 1, title: priority.0, startDate: hours(priority.1 * 24), endDate: hours(priority.2 * 24)
            ).insert(db)
        }
        try CommentStore.seed(db)
    }

    private static func seedConversations(_ db: Database) throws {
        let conversations: [(Int64, String, Int64, [(Int64, Message.Kind, String, String?)])] = [
            (1, "Demo and Ada", 2, [
                (2, .text, "Did you try the new template engine?", nil),
                (1, .text, "Yes! It checks every template when the server starts.", nil),
                (2, .image, "The harbour this morning", "/photos/photo-1.svg"),
                (1, .text, "Beautiful. <b>Tags</b> in messages stay text, by the way.", nil),
            ]),
            (2, "Demo and Grace", 3, [
                (3, .text, "A nanosecond is about 30 cm of wire.", nil),
                (3, .image, "Lanterns", "/photos/photo-7.svg"),
            ]),
        ]
        var messageID: Int64 = 1
        for (id, title, other, messages) in conversations {
            try Conversation(id: id, title: title).insert(db)
            try db.execute(sql: "INSERT INTO participant (conversationID, userID) VALUES (?, 1), (?, ?)", arguments: [id, id, other])
            for message in messages {
                try Message(
                    id: messageID, conversationID: id, senderID: message.0, kind: message.1, body: message.2, imageURL: message.3,
                    createdAt: hours(100 + Int(messageID))
                ).insert(db)
                messageID += 1
            }
        }
    }
}
