import Tessera

// MARK: - NewConversationFormComponent

/// "New message": whom to write to and the first message. Sending opens the conversation with
/// that member (the existing one, or a new one) and adds the message through the text send
/// strategy, then goes to it. `?to=ID` (a profile's "Message" link) preselects the member.
@Component
struct NewConversationFormComponent {
    /// `POST` to the scene's own address: starts the conversation.
    static let start = Action("start", path: "", NewConversationFormComponent.start)

    // MARK: - Configuration

    /// Who writes.
    let memberID: Int64
    /// Where the browser goes afterwards: `conversationURL(id)`.
    let conversationURL: @Sendable (Int64) -> String
    /// "All conversations".
    let conversationsURL: String

    /// The form's fields; their raw values are the inputs' names.
    enum Field: String, CaseIterable, Sendable {
        case to, text
    }

    // MARK: - Life cycle

    /// The members one can write to; `?to=` (a bad id is a 400) preselects one.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let members = try await UserStore(database: scope.database).others(than: memberID)
        var recipientID: Int64?
        if let to = scope.query["to"], !to.isEmpty {
            guard let id = try? scope.query.id("to") else {
                throw RequestError.badRequest("That link does not name a member. Choose one from the list instead.")
            }
            recipientID = id
        }
        return model(actionURL: scope.url(for: Self.start), members: members, recipientID: recipientID, text: "", errors: FormErrors())
    }

    /// The values the template reads: the recipient and text fields, drawn by `Tessera/Field`,
    /// and their summary when refused.
    @TemplateModel
    struct Model {
        let actionURL: String
        let conversationsURL: String
        /// The members one can write to, by id.
        @TemplateIgnored let members: [FormChoice]
        @TemplateIgnored let recipientID: Int64?
        @TemplateIgnored let text: String
        @TemplateIgnored let errors: FormErrors<Field>

        var to: FormField {
            FormField.select(
                Field.to.rawValue, label: "To", choices: members, selected: recipientID.map(String.init), prompt: "Choose a member",
                error: errors[.to], idPrefix: "new-message-")
        }
        var textField: FormField {
            FormField.textArea(TextSendStrategy.field, label: "Message", value: text, error: errors[.text], idPrefix: "new-message-")
        }
        var summary: ErrorSummary { ErrorSummary([to, textField]) }
    }

    // MARK: - Actions

    /// Checks the recipient and the text (400 with the input kept when refused), then opens
    /// the conversation and sends the message in it, and goes there.
    func start(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let text = context.form["text"] ?? ""  // as typed, kept if refused
        let users = UserStore(database: context.database)
        var errors = FormErrors<Field>()
        var recipient: User?
        if let to = context.form["to"], let id = Int64(to), id != userID { recipient = try await users.user(id) }
        if recipient == nil { errors[.to] = "Choose whom to write to." }
        if let recipient, !(try await ProfileDetailsStore(database: context.database).details(of: recipient.id).acceptsMessages) {
            errors[.to] = "\(recipient.displayName) does not take new messages."
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { errors[.text] = "Write a message first." }
        do { try TextSendStrategy.checkLength(trimmed) } catch { errors[.text] = error.message }
        guard errors.isEmpty, let recipient, let me = try await users.user(userID) else {
            let members = try await users.others(than: userID)  // the form is shown again from the input, not reloaded
            return .invalid(
                model(actionURL: context.url(for: Self.start), members: members, recipientID: recipient?.id, text: text, errors: errors))
        }
        let store = MessageStore(database: context.database)
        let conversationID = try await store.conversation(
            between: userID, and: recipient.id, title: "\(me.displayName) and \(recipient.displayName)")
        let outgoing = OutgoingMessage(
            conversationID: conversationID, senderID: userID, text: text, image: nil, date: context.request.demo.now())
        _ = try await MessageSending.send(outgoing, through: store)
        return .redirect(to: conversationURL(conversationID))
    }

    // MARK: - Private

    /// The form posting to `actionURL`: `members` to choose from (`recipientID` selected), the
    /// `text` as typed and `errors`.
    private func model(
        actionURL: String, members: [User], recipientID: Int64?, text: String, errors: FormErrors<Field>
    ) -> Model {
        Model(
            actionURL: actionURL, conversationsURL: conversationsURL,
            members: members.map { FormChoice(String($0.id), label: $0.displayName) }, recipientID: recipientID, text: text, errors: errors)
    }
}
