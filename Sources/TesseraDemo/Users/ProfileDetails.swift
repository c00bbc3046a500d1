import Foundation
import Tessera

// MARK: - ProfileDetails

/// What a member adds to their profile beyond a name and a bio — one of every kind of form
/// field: a website (a URL), a birthday (a date), pronouns (a choice of a few), which details
/// the profile shows (several choices), who sees them (one of two), whether members may write to
/// them (yes or no), how many posts a page of their profile lists (a number), a picture (an
/// image file) and which mails they get. Kept in `profile_details`, one row per member who saved
/// any.
struct ProfileDetails: Sendable, Equatable {
    /// `https://…`, or empty.
    var website = ""
    /// `YYYY-MM-DD`, or empty.
    var birthday = ""
    /// Their pronouns, or nil when not said.
    var pronouns: Pronouns?
    /// The details the profile shows.
    var shown: Set<Detail> = [.website, .pronouns]
    /// Who sees the shown details.
    var audience: Audience = .everyone
    /// Whether members may start a conversation with them.
    var acceptsMessages = true
    /// How many posts a page of their profile lists.
    var postsPerPage = 10
    /// Their picture's URL (``ProfileDetails/avatars``), or nil.
    var avatarURL: String?
    /// The mails they get at their confirmed address.
    var mails: Set<MailTopic> = [.comments]

    // MARK: - Choices

    /// Pronouns a member may show.
    enum Pronouns: String, FormChoosable {
        case she, he, they
        var label: String {
            switch self {
            case .she: "she/her"
            case .he: "he/him"
            case .they: "they/them"
            }
        }
    }

    /// A detail the profile may show.
    enum Detail: String, FormChoosable {
        case website, pronouns, birthday
        var label: String { "My " + rawValue }
    }

    /// A mail a member may get.
    enum MailTopic: String, FormChoosable {
        case comments, digest
        var label: String { self == .comments ? "When someone comments on my posts" : "A daily digest of new posts" }
    }

    /// Who sees the shown details.
    enum Audience: String, FormChoosable {
        case everyone, members
        var label: String { self == .everyone ? "Everyone" : "Signed-in members only" }
    }

    // MARK: - Rules

    /// The website field: a `http://` or `https://` address of up to 200 characters.
    static let websiteField = TextField("website", maxScalars: 200)
    /// The picture: a PNG, JPEG, GIF or WebP of at most 1 MiB and 2048 pixels a side.
    static let avatarField = FileField("avatar", maxBytes: 1024 * 1024, kind: .image(within: ImageSize.Limit(side: 2_048, pixels: 4_194_304)))
    /// Posts per page: 5 to 50.
    static let postsPerPageRange = 5...50
    /// Where pictures are stored and served: `/avatars/…`, to everyone.
    static let avatars = FileRoute("/avatars", access: .everyone)

    /// The birthday as a date at midnight UTC, or nil when empty or not a real `YYYY-MM-DD`
    /// date between 1900 and today.
    static func date(_ text: String, now: Date) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1900
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day), date <= now
        else { return nil }
        return date
    }

    /// Whether a visitor (`signedIn` false) or a member sees `detail`.
    func shows(_ detail: Detail, signedIn: Bool) -> Bool {
        shown.contains(detail) && (audience == .everyone || signedIn)
    }
}
