import Tessera

// MARK: - DemoURLs

/// Where things live, every address built from the scene that answers it (its `path`, filled
/// by `Scene.link`): a scene's address is written once, in its declaration. Scenes hand these
/// builders to their components, so a component never hard-codes another scene's URL (a view
/// controller factory's job), and ``CurrentUserGlobals/Links`` hands the fixed ones to every template.
enum DemoURLs {
    static var home: String { HomeScene.link() }
    static var signIn: String { SignInScene.link() }
    static var signOut: String { SignInScene.link(to: SignInFormComponent.signOut) }
    static var signUp: String { SignUpScene.link() }
    static var photos: String { PhotosScene.link() }
    static var messages: String { ConversationsScene.link() }
    static var newMessage: String { NewConversationScene.link() }
    static var trash: String { TrashScene.link() }
    static var newDraft: String { NewDraftScene.link() }
    static var password: String { DemoPasswordScene.link() }

    static func user(_ id: Int64) -> String { UserScene.link(id) }
    static func blog(_ id: Int64) -> String { BlogScene.link(id) }
    static func editDraft(_ id: Int64) -> String { DraftEditorScene.link(id) }
    static func conversation(_ id: Int64) -> String { ConversationScene.link(id) }
    static func photo(_ id: Int64) -> String { PhotoScene.link(id) }
    static func editUser(_ id: Int64) -> String { ProfileEditScene.link(id) }
    static func editBlog(_ id: Int64) -> String { BlogEditScene.link(id) }
    static func restore(_ id: Int64) -> String { TrashScene.link(to: TrashListComponent.restore, id) }
    static func confirmDelete(_ id: Int64) -> String { TrashDeleteScene.link(id) }
    static func deleteForever(_ id: Int64) -> String { TrashScene.link(to: TrashListComponent.delete, id) }
    static func newMessage(to userID: Int64) -> String { newMessage + URLQuery.encode([("to", String(userID))]) }
}
