import Tessera

// MARK: - StoredProfileDetails

/// A member's profile details as their row stores them (`profile_details`), every column
/// optional: a `LEFT JOIN` of a member who saved none reads `NULL`s.
@SQLRecord
struct StoredProfileDetails: Sendable {
    var website: String?
    var birthday: String?
    var pronouns: String?
    var shown: String?
    var audience: String?
    var acceptsMessages: Int64?
    var postsPerPage: Int64?
    var avatarURL: String?
    var mails: String?

    /// The details; the defaults when there is no row.
    var details: ProfileDetails {
        guard let website else { return ProfileDetails() }
        let defaults = ProfileDetails()
        return ProfileDetails(
            website: website, birthday: birthday ?? "", pronouns: pronouns.flatMap(ProfileDetails.Pronouns.init),
            shown: shown.map { Set($0.split(separator: ",").compactMap { ProfileDetails.Detail(rawValue: String($0)) }) } ?? defaults.shown,
            audience: audience.flatMap(ProfileDetails.Audience.init) ?? .everyone, acceptsMessages: (acceptsMessages ?? 1) != 0,
            postsPerPage: postsPerPage.map { Int($0) } ?? defaults.postsPerPage, avatarURL: avatarURL,
            mails: mails.map { Set($0.split(separator: ",").compactMap { ProfileDetails.MailTopic(rawValue: String($0)) }) } ?? defaults.mails)
    }
}
