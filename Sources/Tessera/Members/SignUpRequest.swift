// MARK: - SignUpRequest

/// A request to become a member, as typed, with the rules it must follow beyond each field's
/// limits (`MemberFields`). Whether the username is free is checked when it is stored.
package struct SignUpRequest: Sendable {
    /// The form's fields; their raw values are the field names.
    package enum Field: String, Sendable, CaseIterable {
        case username, displayName, email, password
    }

    /// The username as checked.
    package let username: FieldValue
    /// The display name as checked.
    package let displayName: FieldValue
    /// The e-mail address as checked (optional: empty for none).
    package let email: FieldValue
    /// The password as checked.
    package let password: FieldValue

    /// The request `form` holds.
    package init(_ form: Parameters) {
        username = form.field(MemberFields.newUsername)
        displayName = form.field(MemberFields.displayName)
        email = form.field(MemberFields.email)
        password = form.field(MemberFields.newPassword)
    }

    /// The address given, or nil for none (or one that is not an address: see ``problems(asksDisplayName:asksEmail:)``).
    package var emailAddress: MailAddress? { email.value.isEmpty ? nil : MailAddress(email.value) }

    /// The problems by field, empty when the sign-up may go ahead; `asksDisplayName` false
    /// skips the display name (a table without one), `asksEmail` false the address.
    package func problems(asksDisplayName: Bool = true, asksEmail: Bool = true) -> [Field: String] {
        var problems: [Field: String] = [:]
        if let problem = username.problem {
            problems[.username] = problem
        } else if !username.value.utf8.allSatisfy(Self.isUsernameByte) || username.value.hasPrefix("-") {
            problems[.username] = "Use lowercase letters a–z, digits and “-” (not first)."
        }
        if asksDisplayName { problems[.displayName] = displayName.problem }
        if asksEmail, !email.value.isEmpty || email.problem != nil {
            problems[.email] = email.problem ?? (emailAddress == nil ? ForgotPasswordFormComponent.notAnAddress : nil)
        }
        if let problem = password.problem {
            problems[.password] = problem
        } else if password.value.utf8.contains(0) {
            problems[.password] = "Use no NUL characters."
        } else if password.value.lowercased() == username.value {
            problems[.password] = "Choose a password that is not your username."
        }
        return problems
    }

    /// The problem shown when someone already has the username.
    package static let taken = "Someone already has this username. Choose another."

    private static func isUsernameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }
}
