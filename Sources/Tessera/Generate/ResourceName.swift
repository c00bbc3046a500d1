import Foundation

// MARK: - ResourceName

/// The names a generated resource is written with, from its record's type (`BlogPost`): its
/// plural (`BlogPosts`), variables (`blogPost`, `blogPosts`), words for people (`blog post`,
/// `blog posts`), its path (`/blog-posts`) and its table (`blogpost`, as `@Model` names it).
struct ResourceName: Sendable, Equatable {
    /// The record's type: `BlogPost`.
    let type: String
    /// The plural, as a type: `BlogPosts` (the feature's folder, the list scene's prefix).
    let pluralType: String

    /// `type`, checked to be an upper-camel-case Swift identifier; its plural `plural` (default
    /// English rules: `Class` → `Classes`, `Story` → `Stories`, `Event` → `Events`).
    init(_ type: String, plural: String? = nil) throws(GenerateError) {
        guard Self.isTypeName(type) else {
            throw GenerateError("'\(type)' is not a type name: start with a capital letter, then letters and digits (Event, BlogPost)")
        }
        guard !Self.taken.contains(type) else { throw GenerateError("'\(type)' is a name Tessera or Swift uses already: choose another") }
        let plural = plural ?? Self.plural(of: type)
        guard Self.isTypeName(plural), plural != type else {
            throw GenerateError("'\(plural)' cannot be the plural of \(type): give --plural as a type name (People)")
        }
        self.type = type
        pluralType = plural
    }

    // MARK: - Derived names

    /// `blogPost`.
    var variable: String { Self.lowerFirst(type) }
    /// `blogPosts`.
    var pluralVariable: String { Self.lowerFirst(pluralType) }
    /// `blog post`.
    var words: String { Self.words(type).joined(separator: " ") }
    /// `blog posts`.
    var pluralWords: String { Self.words(pluralType).joined(separator: " ") }
    /// `Blog post`: a heading.
    var title: String { Self.upperFirst(words) }
    /// `Blog posts`.
    var pluralTitle: String { Self.upperFirst(pluralWords) }
    /// `a blog post`, `an event`.
    var withArticle: String { ("aeiou".contains(words.first ?? "x") ? "an " : "a ") + words }
    /// `/blog-posts`.
    var path: String { "/" + Self.words(pluralType).joined(separator: "-") }
    /// `blogpost`: the table `@Model` names after the type.
    var table: String { type.lowercased() }

    // MARK: - Rules

    /// The English plural of `word`'s last part.
    static func plural(of word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
        return word + "s"
    }

    /// `BlogPost` → `["blog", "post"]`.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character.lowercased())
        }
        return words
    }

    /// Whether `name` is `[A-Z][A-Za-z0-9]*`.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    static func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }
    static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Types an app already sees through `import Tessera` or Swift, which a record must not shadow.
    private static let taken: Set<String> = [
        "Scene", "Component", "Action", "Policy", "Role", "Member", "Members", "Notice", "Pagination", "Pager", "Preview",
        "Model", "Migrations", "Mail", "Job", "Schedule", "Site", "Session", "String", "Int", "Double", "Bool", "Date", "Data",
        "Array", "Set", "Dictionary", "Optional", "Result", "Error", "Task", "URL", "Type", "Self", "Any", "Never",
    ]
}
