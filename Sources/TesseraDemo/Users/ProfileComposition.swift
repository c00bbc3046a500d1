import Tessera

// MARK: - ProfileComposition

/// Which building blocks a profile page is made of, decided once from who is looking: the
/// only place "is this my own profile?" is asked.
enum ProfileComposition: TemplateVariant, Equatable {
    /// Someone else's profile (or a visitor's view): who they are and what they published.
    case visitor
    /// Your own: the same, plus your drafts and a summary of your trash.
    case own

    /// `.own` when the signed-in `viewerID` is the profile's user.
    init(viewerID: Int64?, profileID: Int64) {
        self = viewerID == profileID ? .own : .visitor
    }

    // MARK: - Slots

    static let info = ComponentSlot("user-info", UserInfoComponent.self)
    static let blogs = ComponentSlot("blog-list", BlogListComponent.self)
    static let drafts = ComponentSlot("drafts", DraftListComponent.self)
    static let trash = ComponentSlot("trash-summary", TrashSummaryComponent.self)
    /// Every component either composition may hold (``UserScene``'s declaration).
    static let slots = [info, blogs, drafts, trash]

    /// The scene's body template: own profiles have a sidebar. Both are checked at start-up
    /// (``UserScene`` is a ``VariantScene``).
    var template: String {
        switch self {
        case .visitor: "Users/ProfileScene"
        case .own: "Users/OwnProfileScene"
        }
    }

    /// The components, with their URL builders, for the profile of `profileID` seen by
    /// `viewerID` (members get a "Message" link on others' profiles).
    func components(profileID: Int64, subject: ProfileSubject, viewerID: Int64? = nil) -> [AnyComponent] {
        switch self {
        case .visitor:
            let message = viewerID == nil ? nil : DemoURLs.newMessage(to: profileID)
            return [
                UserInfoComponent(id: Self.info.id, subject: subject, messageURL: message),
                BlogListComponent(id: Self.blogs.id, userID: profileID, blogURL: DemoURLs.blog),
            ]
        case .own:
            let info = UserInfoComponent(id: Self.info.id, subject: subject, editURL: DemoURLs.editUser(profileID))
            let empty = EmptyState("You have not published anything yet.", action: ("Write your first post", DemoURLs.newDraft))
            return [
                info,
                BlogListComponent(id: Self.blogs.id, userID: profileID, blogURL: DemoURLs.blog, emptyState: empty),
                DraftListComponent(id: Self.drafts.id, userID: profileID, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft),
                TrashSummaryComponent(id: Self.trash.id, userID: profileID, trashURL: DemoURLs.trash),
            ]
        }
    }
}
