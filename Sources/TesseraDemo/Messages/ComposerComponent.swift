import Tessera

// MARK: - ComposerComponent

/// The form that sends a message: text, and optionally an image (then the text is its
/// caption). Sending goes through the send-strategy table by kind (``MessageSending``). Its
/// scene has checked the member takes part in the conversation before the handler runs.
final class ComposerComponent: Component<ComposerComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address: sends the message (an image up to 3 MiB).
    static let send = Action("send", path: "", maxBodySize: 3 * 1024 * 1024, ComposerComponent.send)
    override class var actions: ActionTable {
        ActionTable().on(send)
    }

    /// The form field of the image.
    static let imageField = "image"

    // MARK: - Configuration

    private let conversationID: Int64
    private let uploadURL: @Sendable (String) -> String

    /// A composer posting to `actionURL` for `conversationID`; after sending it refreshes the
    /// message list; `uploadURL` is where a stored image's name is served.
    init(id: String, conversationID: Int64, uploadURL: @escaping @Sendable (String) -> String) {
        self.conversationID = conversationID
        self.uploadURL = uploadURL
        super.init(id: id)
    }

    // MARK: - State

    /// The text as typed, kept when the message is refused.
    private var text = ""
    private var errors = FormErrors<MessageRejection.Field>()
    /// Whether this request sent a message (the text field then takes focus again).
    private var sent = false

    // MARK: - Life cycle

    override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.send),
            text: text,
            errors: errors,
            maxLength: TextSendStrategy.field.maxScalars,
            sent: sent
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let actionURL: String
        let text: String
        let errors: FormErrors<MessageRejection.Field>
        let maxLength: Int
        let sent: Bool
    }

    // MARK: - Actions

    /// Sends the message as its kind's strategy decides: 303 (or the refreshed list) when
    /// sent; 400 with the text kept when refused.
    func send(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let store = MessageStore(database: context.database)
        let typed = context.form.field(TextSendStrategy.field)
        text = typed.value  // as typed (trimmed), kept if refused
        errors[.text] = typed.problem
        guard errors.isEmpty else { return .invalid }
        let outgoing = OutgoingMessage(
            conversationID: conversationID, senderID: userID, text: text,
            image: OutgoingMessage.chosenImage(field: Self.imageField, in: context.scope.files),
            date: context.scope.demo.now(), uploads: UploadStore(files: StoredFiles(database: context.scope.site.database)),
            uploadURL: uploadURL)
        do {
            _ = try await MessageSending.send(outgoing, through: store)
        } catch let refused as MessageRejection {
            errors[refused.field] = refused.message
            return .invalid
        }
        text = ""
        sent = true
        return ActionResult.done.updating(MessageListComponent.self)
    }
}
