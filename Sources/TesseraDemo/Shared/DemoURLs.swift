// MARK: - DemoURLs

/// Where things live. Scenes hand these builders to their components, so a component never
/// hard-codes another scene's URL (a view controller factory's job).
enum DemoURLs {
    static let home = "/"
    static let signIn = "/signin"
    static let signOut = "/signout"
    static let signUp = "/signup"
    static let photos = "/photos"
    static let messages = "/messages"
    static let trash = "/trash"
    static let newDraft = "/drafts/new"
    static let drafts = "/drafts"
    static let password = "/settings/security/password"

    static func user(_ id: Int64) -> String { "/users/\(id)" }
    static func blog(_ id: Int64) -> String { "/blogs/\(id)" }
    static func editDraft(_ id: Int64) -> String { "/drafts/\(id)/edit" }
    static func conversation(_ id: Int64) -> String { "/messages/\(id)" }
    static func photo(_ id: Int64) -> String { "/photos/\(id)" }
    static func editUser(_ id: Int64) -> String { "/users/\(id)/edit" }
    static func editBlog(_ id: Int64) -> String { "/blogs/\(id)/edit" }
    static func restore(_ id: Int64) -> String { "/trash/\(id)/restore" }
    static func confirmDelete(_ id: Int64) -> String { "/trash/\(id)/delete" }
    static let newMessage = "/messages/new"
    static func newMessage(to userID: Int64) -> String { newMessage + "?to=\(userID)" }
}
