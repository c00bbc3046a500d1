import Foundation
import Tessera

// MARK: - MessageCellModel

/// What every message cell prints: sender ("You" for the viewer), side class, time, text, and
/// for images the picture's URL and alt text.
@TemplateModel
struct MessageCellModel {
    @TemplateIgnored let item: MessageItem

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
