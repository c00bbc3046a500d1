// MARK: - PasswordChangeRequest

/// A request to change one's password, as typed, with the rules it must follow. Whether the
/// current password is right is checked by ``Members/changePassword(current:to:_:)`` (it needs
/// the stored hash); everything else is checked here. Passwords are taken as typed: never trimmed.
package struct PasswordChangeRequest: Sendable {
    /// The form's fields; their raw values are the field names.
    package enum Field: String, Sendable, CaseIterable {
        case current, new, confirm
    }

    /// The shortest new password, in characters.
    package static let minimumLength = 10
    /// The longest password in UTF-8 bytes: bcrypt ignores anything after 72.
    package static let maximumBytes = 72

    /// The current password as typed.
    package let current: String
    /// The new password as typed.
    package let new: String
    /// The new password again.
    package let confirm: String

    /// A change of `current` to `new`, confirmed as `confirm`.
    package init(current: String, new: String, confirm: String) {
        self.current = current
        self.new = new
        self.confirm = confirm
    }

    /// The change `form` holds (`current`, `new`, `confirm`).
    package init(_ form: Parameters) {
        self.init(current: form["current"] ?? "", new: form["new"] ?? "", confirm: form["confirm"] ?? "")
    }

    /// The problems by field, empty when the change may go ahead.
    package func problems() -> [Field: String] {
        var problems: [Field: String] = [:]
        if current.isEmpty {
            problems[.current] = "Enter your current password."
        } else if current.utf8.contains(0) || current.utf8.count > Self.maximumBytes {  // bcrypt would cut it short
            problems[.current] = Self.wrongCurrent
        }
        if new.count < Self.minimumLength {
            problems[.new] = "Use at least \(Self.minimumLength) characters."
        } else if new.utf8.count > Self.maximumBytes || new.utf8.contains(0) {
            problems[.new] =
                "Use at most \(Self.maximumBytes) bytes (\(Self.maximumBytes) plain letters, fewer with accents), and no NUL characters."
        } else if new == current {
            problems[.new] = "Choose a password different from your current one."
        }
        if confirm != new { problems[.confirm] = "This does not match the new password." }
        return problems
    }

    /// The problem shown when the current password is not the member's.
    package static let wrongCurrent = "That is not your current password."
}
