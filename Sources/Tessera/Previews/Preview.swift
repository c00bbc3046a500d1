
// MARK: - Preview

/// One named state of a component, built from fixtures: what `/_tessera/previews` shows in
/// development and what `TesseraTesting` snapshots.
///
/// A preview never touches the app's database. Each one renders against a database of its own:
/// a new temporary SQLite file with the app's migrations (not its seed), then `fixtures` in one
/// transaction, then the component is loaded and rendered exactly as a page would render it, and
/// the file is deleted.
///
/// ```swift
/// extension ShelfComponent: Previewable {
///     static var previews: [Preview] {
///         [
///             Preview("empty") { ShelfComponent(userID: 1) },
///             Preview("three books", fixtures: { db in try await BookFixtures.three(db) }) {
///                 ShelfComponent(userID: 1)
///             },
///         ]
///     }
/// }
/// ```
public struct Preview: Sendable {
    /// The state's name, unique among its component's previews ("empty", "hostile text").
    package let name: String
    /// The member the preview is signed in as; default nil (a visitor).
    package let userID: Int64?
    /// The scene URL the component renders under (its fragment URL starts with it); default `/`.
    package let sceneURL: String
    /// The component's id on the page; default its ``Component/componentName``.
    package let componentID: String?
    /// The query the request carries (a page number, say); default none.
    package let query: [(String, String)]
    /// Inserts the rows this state shows, in one transaction on the preview's own database.
    /// Default: nothing (the migrated, empty database).
    package let fixtures: @Sendable (SQLConnection) async throws -> Void
    /// Makes the component, as its scene would.
    package let makeComponent: @Sendable () -> any Component

    /// A preview named `name`.
    public init(
        _ name: String, signedInAs userID: Int64? = nil, sceneURL: String = "/", id: String? = nil,
        query: [(String, String)] = [], fixtures: @escaping @Sendable (SQLConnection) async throws -> Void = { _ in },
        component: @escaping @Sendable () -> any Component
    ) {
        self.name = name
        self.componentID = id
        self.userID = userID
        self.sceneURL = sceneURL
        self.query = query
        self.fixtures = fixtures
        self.makeComponent = component
    }

    /// The name as it appears in URLs and snapshot files: lower case, a `-` before a capital
    /// that follows a small letter, runs of anything but letters and digits as one `-`
    /// ("Hostile text!" → `hostile-text`, "ShelfComponent" → `shelf-component`).
    package var slug: String { Preview.slug(name) }

    static func slug(_ text: String) -> String {
        var result = ""
        var afterSmall = false
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber {
                if character.isUppercase, afterSmall { result.append("-") }
                result.append(contentsOf: character.lowercased())
                afterSmall = character.isLowercase || character.isNumber
            } else {
                afterSmall = false
                if !result.isEmpty, result.last != "-" { result.append("-") }
            }
        }
        while result.last == "-" { result.removeLast() }
        return result
    }
}
