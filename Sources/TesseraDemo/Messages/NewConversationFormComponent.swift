import Tessera

// MARK: - NewConversationFormComponent

/// "New message": whom to write to and the first message. Sending opens the conversation with
/// that member (the existing one, or a new one) and adds the message through the text send
/// strategy, then goes to it. `?to=ID` (a profile's "Message" link) preselects the member.
final class NewConversationFormComponent: Component<NewConversationFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address: starts the conversation.
    static let start = Action("start", path: "", NewConversationFormComponent.start)
    override class var actions: ActionTable {
        ActionTable().on(start)
    }

    // MARK: - Configuration

    private let memberID: Int64
    private let conversationURL: @Sendable (Int64) -> String
    private let conversationsURL: String

    /// The form for `memberID`; afterwards the browser goes to `conversationURL(id)`.
    init(
        id: String, memberID: Int64, conversationURL: @escaping @Sendable (Int64) -> String, conversationsURL: String
    ) {
        self.memberID = memberID
        self.conversationURL = conversationURL
        self.conversationsURL = conversationsURL
        super.init(id: id)
    }

    /// The form's fields; their raw values are the inputs' names.
    enum Field: String, CaseIterable, Sendable {
        case to, text
    }

    // MARK: - State

    private var members: [User] = []
    private var recipientID: Int64?
    private var text = ""
    private var errors = FormErrors<Field>()

    // MARK: - Life cycle

    /// The members one can write to; `?to=` (a bad id is a 400) preselects one.
    override func load(_ scope: RequestScope) async throws {
        members = try await UserStore(database: scope.database).others(than: memberID)
        if recipientID == nil, let to = scope.query["to"], !to.isEmpty {
            guard let id = try? scope.query.id("to") else {
                throw RequestError.badRequest("That link does not name a member. Choose one from the list instead.")
            }
            recipientID = id
        }
    }

    override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.start), conversationsURL: conversationsURL,
            members: members.map { Member(id: String($0.id), name: $0.displayName, selected: $0.id == recipientID) },
            text: text, errors: errors)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let actionURL: String
        let conversationsURL: String
        let members: [Member]
        let text: String
        let errors: FormErrors<Field>
        var maxLength: Int { TextSendStrategy.field.maxScalars }
    }

    /// One member in the recipient list.
    @TemplateModel
    struct Member {
        let id: String
        let name: String
        let selected: Bool
    }

    // MARK: - Actions

    /// Checks the recipient and the text (400 with the input kept when refused), then opens
    /// the conversation and sends the message in it, and goes there.
    func start(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        text = context.form["text"] ?? ""
        let users = UserStore(database: context.database)
        var recipient: User?
        if let to = context.form["to"], let id = Int64(to), id != userID { recipient = try await users.user(id) }
        recipientID = recipient?.id
        if recipient == nil { errors[.to] = "Choose whom to write to." }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { errors[.text] = "Write a message first." }
        do { try TextSendStrategy.checkLength(trimmed) } catch { errors[.text] = error.message }
        guard errors.isEmpty, let recipient, let me = try await users.user(userID) else {
            members = try await users.others(than: userID)  // the form is shown again from this state, not reloaded
            return .invalid
        }
        let store = MessageStore(database: context.database)
        let conversationID = try await store.conversation(
            between: userID, and: recipient.id, title: "\(me.displayName) and \(recipient.displayName)")
        let outgoing = OutgoingMessage(
            conversationID: conversationID, senderID: userID, text: text, image: nil, date: context.scope.demo.now(),
            uploads: UploadStore(files: StoredFiles(database: context.scope.site.database)), uploadURL: UploadsController.url(forName:))
        _ = try await MessageSending.send(outgoing, through: store)
        return .redirect(to: conversationURL(conversationID))
    }
}
