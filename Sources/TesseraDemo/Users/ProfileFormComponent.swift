import Foundation
import Tessera

// MARK: - ProfileFormComponent

/// The form that changes a member's profile: the display name and bio
/// (``User/profileProblems(displayName:bio:)``) and their ``ProfileDetails`` — one field of every
/// kind, each drawn by `Tessera/Field`. Saving goes to the profile with a one-time notice;
/// refused input comes back at 400 with an error summary, each message beside its field, and
/// what was typed and chosen (a picture must be chosen again: a browser is never given a file
/// back).
@Component
struct ProfileFormComponent {
    /// `POST` to the scene's own address: saves the profile (with a picture up to 1 MiB).
    static let save = Action("save", path: "", files: [ProfileDetails.avatarField], ProfileFormComponent.save)

    /// The form's fields, in reading order; raw values are the inputs' names.
    enum Field: String, CaseIterable, Sendable {
        case displayName, bio, website, birthday, pronouns, shown, audience, acceptsMessages, postsPerPage, avatar, mails
    }

    // MARK: - Configuration

    /// The member's profile, as its scene loaded and checked it (their own).
    let user: User
    /// Where the browser goes after saving.
    let profileURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// Shows the member's current name, bio and details.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let details = try await ProfileDetailsStore(database: scope.database).details(of: user.id)
        return model(
            actionURL: scope.url(for: Self.save),
            typed: Typed(displayName: user.displayName, bio: user.bio, details: details), errors: FormErrors())
    }

    /// What the form holds: as stored, or as sent.
    struct Typed: Sendable {
        var displayName: String
        var bio: String
        var details: ProfileDetails
        /// The posts per page as typed (a number field may be sent anything).
        var postsPerPage: String

        init(displayName: String, bio: String, details: ProfileDetails, postsPerPage: String? = nil) {
            self.displayName = displayName
            self.bio = bio
            self.details = details
            self.postsPerPage = postsPerPage ?? String(details.postsPerPage)
        }
    }

    /// The values the template reads: every field, and their summary when refused.
    @TemplateModel
    struct Model {
        let actionURL: String
        let profileURL: String
        @TemplateIgnored let typed: Typed
        @TemplateIgnored let errors: FormErrors<Field>
        /// The current picture, or nil.
        var avatarURL: String? { typed.details.avatarURL }

        var fields: [FormField] {
            let details = typed.details
            return [
                FormField(User.displayNameField, label: "Display name", value: typed.displayName, error: errors[.displayName], autocomplete: "name", required: true, idPrefix: "profile-"),
                FormField.textArea(User.bioField, label: "Bio", value: typed.bio, error: errors[.bio], hint: "A few words about you, shown on your profile.", idPrefix: "profile-"),
                FormField(ProfileDetails.websiteField, label: "Website", type: "url", value: details.website, error: errors[.website], hint: "Starting with https://", autocomplete: "url", idPrefix: "profile-"),
                FormField(ProfileFormComponent.birthdayField, label: "Birthday", type: "date", value: details.birthday, error: errors[.birthday], autocomplete: "bday", idPrefix: "profile-"),
                FormField.select(Field.pronouns.rawValue, label: "Pronouns", choices: FormChoice.all(ProfileDetails.Pronouns.self), selected: details.pronouns?.rawValue, prompt: "Not said", error: errors[.pronouns], required: false, idPrefix: "profile-"),
                FormField.checkboxes(Field.shown.rawValue, label: "Show on my profile", choices: FormChoice.all(ProfileDetails.Detail.self), selected: Set(details.shown.map(\.rawValue)), error: errors[.shown], idPrefix: "profile-"),
                FormField.radioGroup(Field.audience.rawValue, label: "Who sees these details", choices: FormChoice.all(ProfileDetails.Audience.self), selected: details.audience.rawValue, error: errors[.audience], idPrefix: "profile-"),
                FormField.checkbox(Field.acceptsMessages.rawValue, label: "Members may send me messages", checked: details.acceptsMessages, error: errors[.acceptsMessages], idPrefix: "profile-"),
                FormField(ProfileFormComponent.postsPerPageField, label: "Posts per page", type: "number", value: typed.postsPerPage, error: errors[.postsPerPage], hint: "From \(ProfileDetails.postsPerPageRange.lowerBound) to \(ProfileDetails.postsPerPageRange.upperBound).", required: true, idPrefix: "profile-"),
                FormField.file(ProfileDetails.avatarField, label: "Picture", error: errors[.avatar], hint: "PNG, JPEG, GIF or WebP, up to 1 MiB. Leave empty to keep the current one.", idPrefix: "profile-"),
                FormField.checkboxes(Field.mails.rawValue, label: "Mail me", choices: FormChoice.all(ProfileDetails.MailTopic.self), selected: Set(details.mails.map(\.rawValue)), error: errors[.mails], hint: "At your confirmed address, under Settings.", idPrefix: "profile-"),
            ]
        }
        var summary: ErrorSummary { ErrorSummary(fields, message: errors.message) }
    }

    /// The birthday as text: a `YYYY-MM-DD` date (what a date input sends).
    static let birthdayField = TextField("birthday", maxScalars: 10)
    /// Posts per page as text: a few digits.
    static let postsPerPageField = TextField("postsPerPage", minScalars: 1, maxScalars: 3)

    // MARK: - Actions

    /// Saves the profile: 400 with every value kept (but the picture) when refused.
    func save(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let form = context.form
        var errors = FormErrors<Field>()
        let displayName = form.field(User.displayNameField)
        let bio = form.field(User.bioField)
        for (field, problem) in User.profileProblems(displayName: displayName.value, bio: bio.value) {
            errors[field == .displayName ? .displayName : .bio] = problem
        }
        if let problem = displayName.problem { errors[.displayName] = problem }
        if let problem = bio.problem { errors[.bio] = problem }
        let stored = try await ProfileDetailsStore(database: context.database).details(of: userID)
        var details = ProfileDetails(avatarURL: stored.avatarURL)
        let website = form.field(ProfileDetails.websiteField)
        details.website = website.value
        errors[.website] = website.problem
            ?? (website.value.isEmpty || website.value.hasPrefix("https://") || website.value.hasPrefix("http://")
                ? nil : "Enter an address starting with https://, like https://example.com.")
        let birthday = form.field(Self.birthdayField)
        details.birthday = birthday.value
        errors[.birthday] = birthday.problem
            ?? (birthday.value.isEmpty || ProfileDetails.date(birthday.value, now: context.request.demo.now()) != nil
                ? nil : "Enter a real date, not in the future, like 1990-03-04.")
        details.pronouns = try form.choice(Field.pronouns.rawValue, as: ProfileDetails.Pronouns.self)
        details.shown = Set(try form.choices(Field.shown.rawValue, as: ProfileDetails.Detail.self))
        if let audience = try form.choice(Field.audience.rawValue, as: ProfileDetails.Audience.self) {
            details.audience = audience
        } else {
            errors[.audience] = "Choose who sees these details."
        }
        details.acceptsMessages = form.isChecked(Field.acceptsMessages.rawValue)
        details.mails = Set(try form.choices(Field.mails.rawValue, as: ProfileDetails.MailTopic.self))
        let postsPerPage = form.field(Self.postsPerPageField)
        if let count = Int(postsPerPage.value), ProfileDetails.postsPerPageRange.contains(count), postsPerPage.problem == nil {
            details.postsPerPage = count
        } else {
            let range = ProfileDetails.postsPerPageRange
            errors[.postsPerPage] = postsPerPage.problem ?? "Enter a whole number from \(range.lowerBound) to \(range.upperBound)."
        }
        let avatar = context.file(ProfileDetails.avatarField)
        errors[.avatar] = avatar.problem
        let typed = Typed(displayName: displayName.value, bio: bio.value, details: details, postsPerPage: postsPerPage.value)
        guard errors.isEmpty else { return .invalid(model(actionURL: context.url(for: Self.save), typed: typed, errors: errors)) }
        guard try await UserStore(database: context.database).updateProfile(
            userID, displayName: displayName.value, bio: bio.value, details: details, avatar: avatar.file)
        else { throw RequestError.notFound() }
        return .redirect(to: profileURL(userID)).withNotice(Notice("Your profile is saved."))
    }

    // MARK: - Private

    private func model(actionURL: String, typed: Typed, errors: FormErrors<Field>) -> Model {
        Model(actionURL: actionURL, profileURL: profileURL(user.id), typed: typed, errors: errors)
    }
}
