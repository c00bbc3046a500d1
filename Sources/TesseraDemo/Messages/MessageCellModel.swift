import Foundation
import Tessera

// MARK: - MessageCellModel

/// What every message cell prints: sender ("You" for the viewer), side class, time, text, and
/// for images the picture's URL and alt text.
struct MessageCellModel: ViewModel {
    let item: MessageItem

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "sender": .string(item.isMine ? "You" : item.senderName)
        case "sideClass": .string(item.isMine ? "message-mine" : "message-theirs")
        case "body": .string(item.message.body)
        case "time": .string(Self.time(item.message.createdAt))
        case "isoTime": .string(Self.isoTime(item.message.createdAt))
        case "imageURL": .optional(item.message.imageURL)
        case "alt": .string(item.message.body.isEmpty ? "An image from \(item.senderName)" : item.message.body)
        case "messageID": .string("message-\(item.message.id)")
        default: nil
        }
    }

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
