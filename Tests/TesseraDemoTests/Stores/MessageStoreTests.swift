import Tessera
import Testing

@testable import TesseraDemo

/// Conversations, messages and who may see an upload, on both databases.
@Suite("Message store")
struct MessageStoreTests {
    // MARK: - Reading

    @Test("a member's conversations come most recently active first, with the other member and the latest message")
    func summaries() async throws {
        try await DemoDatabases.seeded { database in
            let store = MessageStore(database: database)
            let summaries = try await store.summaries(of: 1)
            #expect(summaries.map(\.id) == [2, 1])
            #expect(summaries.map(\.otherName) == ["Grace Hopper", "Ada Lovelace"])
            #expect(summaries.first?.last == .init(kind: .image, body: "Lanterns", senderID: 3, createdAt: DemoSeed.hours(106)))
            #expect(try await store.summaries(of: 4).isEmpty)
            let fresh = try await store.conversation(between: 4, and: 5, title: "Linus and Margaret")
            let empty = try await store.summaries(of: 4)
            #expect(empty.map(\.id) == [fresh])
            #expect(empty.first?.last == nil, "nothing said yet")
            #expect(empty.first?.otherName == "Margaret Hamilton")
        }
    }

    @Test("only participants read a conversation; its messages come oldest first with their senders")
    func readingMessages() async throws {
        try await DemoDatabases.seeded { database in
            let store = MessageStore(database: database)
            #expect(try await store.conversation(1, for: 1)?.title == "Demo and Ada")
            #expect(try await store.conversation(1, for: 3) == nil)
            #expect(try await store.otherParticipant(in: 1, besides: 1)?.username == "ada")
            #expect(try await store.otherParticipant(in: 1, besides: 2)?.username == "demo")
            let messages = try await store.messages(in: 1)
            #expect(messages.map(\.id) == [1, 2, 3, 4])
            #expect(messages[2].kind == .image)
            #expect(messages[2].imageURL == "/photos/photo-1.svg")
            #expect(messages[0].imageURL == nil)
            let withSenders = try await store.messagesWithSenders(in: 1)
            #expect(withSenders.map(\.senderName) == ["Ada Lovelace", "Demo Writer", "Ada Lovelace", "Demo Writer"])
            #expect(withSenders.map(\.message) == messages)
        }
    }

    // MARK: - Writing

    @Test("two members have one conversation: an existing one is found, a new one is made once")
    func conversationBetweenTwo() async throws {
        try await DemoDatabases.seeded { database in
            let store = MessageStore(database: database)
            #expect(try await store.conversation(between: 1, and: 2, title: "Again") == 1)
            #expect(try await store.conversation(between: 2, and: 1, title: "Again") == 1)
            let new = try await store.conversation(between: 4, and: 5, title: "Linus and Margaret")
            #expect(new == 3)
            #expect(try await store.conversation(between: 5, and: 4, title: "Again") == new)
            #expect(try await store.conversation(new, for: 5)?.title == "Linus and Margaret")
        }
    }

    @Test("ten first messages between two members at once make one conversation")
    func concurrentConversationsMakeOne() async throws {
        try await DemoDatabases.seeded { database in
            let store = MessageStore(database: database)
            let ids = try await DemoDatabases.concurrently(10) { index in
                index.isMultiple(of: 2)
                    ? try await store.conversation(between: 5, and: 6, title: "Margaret and Alan")
                    : try await store.conversation(between: 6, and: 5, title: "Alan and Margaret")
            }
            #expect(Set(ids).count == 1, "\(ids)")
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM conversation", in: database) == 3)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM participant", in: database) == 6)
        }
    }

    @Test("a message is stored with its kind and image, and numbered")
    func adding() async throws {
        try await DemoDatabases.seeded { database in
            let store = MessageStore(database: database)
            let image = try #require(
                MessageUploads.image.check(UploadedFile(field: "image", filename: "a.png", contentType: "", data: MessagingTestSupport.tinyPNG)).file)
            let id = try await store.add(to: 2, from: 1, kind: .image, body: "Mine", image: image, at: TestSite.now)
            #expect(id == 7)
            let last = try #require(try await store.messages(in: 2).last)
            let url = try #require(last.imageURL)
            #expect(last == Message(id: 7, conversationID: 2, senderID: 1, kind: .image, body: "Mine", imageURL: url, createdAt: TestSite.now))
            #expect(url.hasPrefix("/uploads/"))
            let stored = try await database.read { db in
                try await db.fetchValue(Int.self, "SELECT count(*) FROM tessera_files WHERE name = ?", [String(url.dropFirst())])
            }
            #expect(stored == 1)
        }
    }

    // MARK: - Uploads

    @Test("an image is readable by the members of the conversation it was sent in, nobody else")
    func uploadAccess() async throws {
        try await DemoDatabases.seeded { database in
            let access = UploadAccess(database: database)
            var readers: [Int64] = []
            for userID in Int64(1)...6 where try await access.canRead(imageURL: "/photos/photo-1.svg", userID: userID) {
                readers.append(userID)
            }
            #expect(readers == [1, 2])
            #expect(try await access.canRead(imageURL: "/photos/none.svg", userID: 1) == false)
        }
    }
}
