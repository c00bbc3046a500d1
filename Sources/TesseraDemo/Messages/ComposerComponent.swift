import Tessera

// MARK: - ComposerComponent

/// The form that sends a message: text, and optionally an image (then the text is its
/// caption). Sending goes through the send-strategy table by kind (``MessageSending``). Its
/// scene has checked the member takes part in the conversation before the handler runs.
@Component
struct ComposerComponent {
    /// `POST` to the scene's own address: sends the message (with an image, as large as
    /// ``MessageUploads/image`` allows).
    static let send = Action("send", path: "", files: [MessageUploads.image], ComposerComponent.send)

    // MARK: - Configuration

    /// The conversation messages are sent in.
    let conversationID: Int64

    // MARK: - Life cycle

    /// The empty form; nothing to read.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(actionURL: scope.url(for: Self.send), text: "", errors: FormErrors(), sent: false)
    }

    /// The values the template reads: the text and image fields, drawn by `Tessera/Field`,
    /// and their summary when refused.
    @TemplateModel
    struct Model {
        let actionURL: String
        /// The text as typed, kept when the message is refused.
        @TemplateIgnored let text: String
        @TemplateIgnored let errors: FormErrors<MessageRejection.Field>
        /// Whether this request sent a message (the text field then takes focus again).
        let sent: Bool

        var textField: FormField {
            FormField.textArea(TextSendStrategy.field, label: "Message", value: text, error: errors[.text], rows: 3, required: false, idPrefix: "composer-")
        }
        var imageField: FormField {
            FormField.file(
                MessageUploads.image, label: "Image (optional)", error: errors[.image],
                hint: "PNG, JPEG, GIF or WebP, up to 2 MiB; the message becomes its caption.", idPrefix: "composer-")
        }
        var summary: ErrorSummary { ErrorSummary([textField, imageField]) }
    }

    // MARK: - Actions

    /// Sends the message as its kind's strategy decides: 303 (or the cleared form and the
    /// refreshed list) when sent; 400 with the text kept when refused.
    func send(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        let store = MessageStore(database: context.database)
        let actionURL = context.url(for: Self.send)
        let typed = context.form.field(TextSendStrategy.field)
        var errors = FormErrors<MessageRejection.Field>()
        errors[.text] = typed.problem
        guard errors.isEmpty else { return .invalid(Model(actionURL: actionURL, text: typed.value, errors: errors, sent: false)) }
        let outgoing = OutgoingMessage(
            conversationID: conversationID, senderID: userID, text: typed.value,
            image: OutgoingMessage.chosenImage(field: MessageUploads.image.name, in: context.request.files), date: context.request.demo.now())
        do {
            _ = try await MessageSending.send(outgoing, through: store)
        } catch let refused as MessageRejection {
            errors[refused.field] = refused.message
            return .invalid(Model(actionURL: actionURL, text: typed.value, errors: errors, sent: false))
        }
        return ActionResult.showing(Model(actionURL: actionURL, text: "", errors: FormErrors(), sent: true))
            .updating(MessageListComponent.self).focusing("composer-text")
    }
}
