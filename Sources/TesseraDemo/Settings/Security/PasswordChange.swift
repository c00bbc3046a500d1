// MARK: - PasswordChange

/// A request to change one's password, as typed, with the rules it must follow. Whether the
/// current password is right is checked by ``MemberCredentials/changePassword(userID:current:new:)``
/// (it needs the stored hash); everything else is checked here.
struct PasswordChange: Sendable {
    /// The form's fields; their raw values are the field names.
    enum Field: String, Sendable, CaseIterable {
        case current, new, confirm
    }

    /// The shortest new password, in characters.
    static let minimumLength = 10
    /// The longest new password in UTF-8 bytes: bcrypt ignores anything after 72.
    static let maximumBytes = 72

    let current: String
    let new: String
    let confirm: String

    /// The problems of this change by field, empty when it may go ahead. Passwords are taken
    /// as typed: never trimmed.
    func problems() -> [Field: String] {
        var problems: [Field: String] = [:]
        if current.isEmpty {
            problems[.current] = "Enter your current password."
        } else if current.utf8.contains(0) || current.utf8.count > Self.maximumBytes {  // bcrypt would cut it short
            problems[.current] = Self.wrongCurrent
        }
        if new.count < Self.minimumLength {
            problems[.new] = "Use at least \(Self.minimumLength) characters."
        } else if new.utf8.count > Self.maximumBytes || new.utf8.contains(0) {
            problems[.new] = "Use at most \(Self.maximumBytes) bytes (\(Self.maximumBytes) plain letters, fewer with accents), and no NUL characters."
        } else if new == current {
            problems[.new] = "Choose a password different from your current one."
        }
        if confirm != new {
            problems[.confirm] = "This does not match the new password."
        }
        return problems
    }

    /// The problem shown when the current password is not the member's.
    static let wrongCurrent = "That is not your current password."
}
