import Foundation
import Tessera

// MARK: - MessageCellModel

/// What every message cell prints: sender ("You" for the viewer), side class, time, text, and
/// for images the picture's URL and alt text.
struct MessageCellModel: TemplateModel {
    let item: MessageItem

    static let templateKeys: [TemplateKey<Self>] = [
        TemplateKey("sender") { $0.sender },
        TemplateKey("sideClass") { $0.sideClass },
        TemplateKey("body") { $0.body },
        TemplateKey("time") { $0.time },
        TemplateKey("isoTime") { $0.isoTime },
        TemplateKey("imageURL") { $0.imageURL },
        TemplateKey("alt") { $0.alt },
        TemplateKey("messageID") { $0.messageID },
    ]

    // MARK: - Keys


    var sender: String { item.isMine ? "You" : item.senderName }
    var sideClass: String { item.isMine ? "message-mine" : "message-theirs" }
    var body: String { item.message.body }
    var time: String { Self.time(item.message.createdAt) }
    var isoTime: String { Self.isoTime(item.message.createdAt) }
    var imageURL: String? { item.message.imageURL }
    var alt: String { item.message.body.isEmpty ? "An image from \(item.senderName)" : item.message.body }
    var messageID: String { "message-\(item.message.id)" }

    // MARK: - Formatting

    /// "9 Jan 2026, 14:00" (UTC).
    static func time(_ date: Date) -> String {
        DisplayText.date(date) + ", " + DisplayText.time(date)
    }

    /// "2026-01-09T14:00Z" for `datetime` attributes.
    static func isoTime(_ date: Date) -> String {
        DisplayText.isoDate(date) + "T" + DisplayText.time(date) + "Z"
    }

    /// "AL" for "Ada Lovelace": the first letters of the first two words.
    static func initials(of name: String) -> String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }
}
