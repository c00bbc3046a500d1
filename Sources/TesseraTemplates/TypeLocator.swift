import Foundation

// MARK: - TypeLocator

/// Finds where the Swift types start-up problems name are declared, when the app's sources are at
/// hand (`swift run` in the package's folder; a deployed binary has none and its problems name the
/// type alone): a problem about `BlogScene` then reads `Sources/App/BlogScene.swift:9: BlogScene: …`.
/// The files are read only when there are problems to place.
package enum TypeLocator {
    /// `problems`, each naming a type and no file given the file and line declaring that type under
    /// `sources` (paths as found, relative to the working directory when `sources` is).
    package static func locate(_ problems: [StartupProblem], sources: String = "Sources") -> [StartupProblem] {
        let wanted = Set(problems.filter { $0.file == nil }.compactMap { leadingName($0.type) })
        guard !wanted.isEmpty else { return problems }
        let found = declarations(of: wanted, under: sources)
        return problems.map { problem in
            guard problem.file == nil, let name = leadingName(problem.type), let place = found[name] else { return problem }
            return StartupProblem(file: place, type: problem.type, message: problem.message)
        }
    }

    /// The file under `sources` declaring the type `name`, or nil.
    package static func file(declaring name: String, under sources: String = "Sources") -> String? {
        declarations(of: [name], under: sources)[name].map { String($0[..<($0.lastIndex(of: ":") ?? $0.endIndex)]) }
    }

    // MARK: - Private

    /// The type a problem's `type` names: `BlogScene`, or the component of an action
    /// (`CommentFormComponent.comment in BlogScene`); nil for anything else (`Schedule "digest"`
    /// names a value, not a type of the app).
    private static func leadingName(_ type: String) -> String? {
        let words = type.split(separator: " ")
        guard words.count == 1 || (words.count == 3 && words[1] == "in") else { return nil }
        let parts = words[0].split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy(isIdentifier) else { return nil }
        return String(parts[0])
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `file:line` of the first declaration (`class`, `struct`, `enum`, `actor`) of each name.
    private static func declarations(of names: Set<String>, under folder: String) -> [String: String] {
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [:] }
        var found: [String: String] = [:]
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let path = (folder as NSString).appendingPathComponent(relative)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let name = declaredName(in: line), names.contains(name), found[name] == nil else { continue }
                found[name] = "\(path):\(index + 1)"
            }
            if found.count == names.count { break }
        }
        return found
    }

    /// The name a line declares (`final class BlogScene: Scene {` → `BlogScene`), or nil.
    private static func declaredName(in line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        for (index, word) in words.enumerated() where ["class", "struct", "enum", "actor"].contains(word) && index + 1 < words.count {
            let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, words[..<index].allSatisfy({ Self.modifiers.contains($0) }) { return String(name) }
        }
        return nil
    }

    private static let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open", "final", "indirect"]
}
