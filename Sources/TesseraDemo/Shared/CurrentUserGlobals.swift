import Tessera

// MARK: - CurrentUserGlobals

/// The values every template of the app may read: `currentUser` (`displayName`, `profileURL`)
/// when someone is signed in.
enum CurrentUserGlobals {
    static func values(_ scope: RequestScope) async -> [String: TemplateValue] {
        guard let userID = scope.userID,
            let user = try? await UserStore(database: scope.database).user(userID)
        else { return [:] }
        let model: [String: TemplateValue] = [
            "displayName": .string(user.displayName), "profileURL": .string(DemoURLs.user(user.id)),
            "username": .string(user.username),
        ]
        return ["currentUser": .object(model)]
    }
}
