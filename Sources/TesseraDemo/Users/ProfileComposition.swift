import Tessera

// MARK: - ProfileComposition

/// Which building blocks a profile page is made of, decided once from who is looking: the
/// only place "is this my own profile?" is asked (``UserScene``'s slots read it).
enum ProfileComposition: TemplateVariant, Equatable {
    /// Someone else's profile (or a visitor's view): who they are and what they published.
    case visitor
    /// Your own: the same, plus your drafts and a summary of your trash.
    case own

    /// `.own` when the signed-in `viewerID` is the profile's user.
    init(viewerID: Int64?, profileID: Int64) {
        self = viewerID == profileID ? .own : .visitor
    }

    /// The scene's body template: own profiles have a sidebar. Both are checked at start-up
    /// (``UserScene`` is a ``VariantScene``).
    var template: String {
        switch self {
        case .visitor: "Users/ProfileScene"
        case .own: "Users/OwnProfileScene"
        }
    }
}
