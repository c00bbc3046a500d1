import Foundation
import Testing

import Tessera
@testable import TesseraDemo

/// The message list's wiring: one cell per kind through the registry, one query per load.
@Suite("Message list")
struct MessageListTests {
    @Test("the message list loads in one query however many messages there are")
    func loadsInOneQuery() async throws {
        let site = try await TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let store = MessageStore(database: site.site.database.counting(into: QueryCounter()))
        let image = try #require(MessageUploads.image.check(UploadedFile(field: "image", filename: "a.png", contentType: "", data: MessagingTestSupport.tinyPNG)).file)
        for index in 0..<30 {
            let isImage = index.isMultiple(of: 3)
            _ = try await store.add(
                to: 1, from: index.isMultiple(of: 2) ? 1 : 2, kind: isImage ? .image : .text,
                body: "Message \(index)", image: isImage ? image : nil, at: TestSite.now)
        }
        let list = try await site.app.render(
            MessageListComponent(conversationID: 1, viewerID: 1), id: "messages", sceneURL: "/messages/1", userID: 1)
        #expect(list.loadError == nil)
        #expect(list.queryCount == 1)
    }

    @Test("every message kind has a send strategy and an item type the list can draw")
    func everyKindIsWired() throws {
        let message = Message(
            id: 1, conversationID: 1, senderID: 1, kind: .text, body: "x", imageURL: nil, createdAt: TestSite.now)
        for kind in Message.Kind.allCases {
            #expect(MessageSending.strategies[kind] != nil, "no send strategy for \(kind)")
            var typed = message
            typed.kind = kind
            let item = MessageItem(message: typed, senderName: "Ada", isMine: false).wrapped
            #expect(throws: Never.self) { try MessageListComponent.dataSource([item]) }
        }
        #expect(throws: DataSourceError.self) {
            try MessageListComponent.dataSource([MessageItem(message: message, senderName: "Ada", isMine: true)])
        }
    }
}
