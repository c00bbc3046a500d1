import Tessera

// MARK: - ComposerComponent

/// The form that sends a message: text, and optionally an image (then the text is its
/// caption). Sending goes through the send-strategy table by kind (``MessageSending``). Its
/// scene has checked the member takes part in the conversation before the handler runs.
struct ComposerComponent: Component {
    /// `POST` to the scene's own address: sends the message (an image up to 3 MiB).
    static let send = Action("send", path: "", maxBodySize: 3 * 1024 * 1024, ComposerComponent.send)
    static var actions: ActionTable<Self> {
        ActionTable().on(send)
    }

    /// The form field of the image.
    static let imageField = "image"

    // MARK: - Configuration

    /// The conversation messages are sent in.
    let conversationID: Int64
    /// Where a stored image's name is served.
    let uploadURL: @Sendable (String) -> String

    // MARK: - Life cycle

    /// The empty form; nothing to read.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(actionURL: scope.url(for: Self.send), text: "", errors: FormErrors(), sent: false)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let actionURL: String
        /// The text as typed (trimmed), kept when the message is refused.
        let text: String
        let errors: FormErrors<MessageRejection.Field>
        let maxLength: Int
        /// Whether this request sent a message (the text field then takes focus again).
        let sent: Bool
    }

    // MARK: - Actions

    /// Sends the message as its kind's strategy decides: 303 (or the cleared form and the
    /// refreshed list) when sent; 400 with the text kept when refused.
    func send(_ context: ActionContext<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let store = MessageStore(database: context.database)
        let actionURL = context.url(for: Self.send)
        let typed = context.form.field(TextSendStrategy.field)
        var errors = FormErrors<MessageRejection.Field>()
        errors[.text] = typed.problem
        guard errors.isEmpty else { return .invalid(model(actionURL: actionURL, text: typed.value, errors: errors, sent: false)) }
        let outgoing = OutgoingMessage(
            conversationID: conversationID, senderID: userID, text: typed.value,
            image: OutgoingMessage.chosenImage(field: Self.imageField, in: context.scope.files),
            date: context.scope.demo.now(), uploadURL: uploadURL)
        do {
            _ = try await MessageSending.send(outgoing, through: store)
        } catch let refused as MessageRejection {
            errors[refused.field] = refused.message
            return .invalid(model(actionURL: actionURL, text: typed.value, errors: errors, sent: false))
        }
        return ActionResult.showing(model(actionURL: actionURL, text: "", errors: FormErrors(), sent: true))
            .updating(MessageListComponent.self)
    }

    // MARK: - Private

    /// The form posting to `actionURL`, holding `text` and showing `errors`; `sent` says a
    /// message just went.
    private func model(actionURL: String, text: String, errors: FormErrors<MessageRejection.Field>, sent: Bool) -> Model {
        Model(actionURL: actionURL, text: text, errors: errors, maxLength: TextSendStrategy.field.maxScalars, sent: sent)
    }
}
