import Foundation
import Synchronization

// MARK: - SourceIndex

/// What start-up reads from an app's Swift sources (when they are at hand): the file declaring
/// each type, the template names written in `var template` declarations, and the component
/// classes that never declare their template.
///
/// It reads declarations as text, so it finds the common forms (`override var template: String
/// { "Reading/Shelf" }`, with or without `?` and `return`, and `let template = "Reading/Cell"`);
/// a template name computed at run time is not seen here.
public struct SourceIndex: Sendable {
    /// A template name found in the code.
    public struct TemplateReference: Sendable, Equatable {
        /// The type declaring it.
        public let type: String
        /// Its file, as `Sources/…/File.swift`.
        public let file: String
        /// Its 1-based line.
        public let line: Int
        /// The template's name.
        public let name: String
    }

    /// Files by type name.
    public private(set) var files: [String: String] = [:]
    /// Every template name declared, in file order.
    public private(set) var templates: [TemplateReference] = []
    /// `AnyComponent` subclasses (direct ones) declaring no template, with their files.
    public private(set) var componentsWithoutTemplate: [(type: String, file: String)] = []

    /// Reads every `*.swift` file under `directory`; an absent directory gives an empty index.
    /// Files are named `<display>/<relative path>`; `display` defaults to the directory's name.
    public init(directory: URL, display: String? = nil) {
        let root = directory.standardizedFileURL
        let display = display ?? root.lastPathComponent
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return }
        var relatives: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") { relatives.append(relative) }
        for relative in relatives.sorted() {
            guard let text = try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8) else { continue }
            read(text, file: display + "/" + relative)
        }
    }

    /// The index of `directory`, read once per process (tests make many sites over one
    /// package).
    public static func cached(_ directory: URL, display: String? = nil) -> SourceIndex {
        let key = directory.standardizedFileURL.path + "\n" + (display ?? "")
        if let index = cache.withLock({ $0[key] }) { return index }
        let index = SourceIndex(directory: directory, display: display)
        cache.withLock { $0[key] = index }
        return index
    }

    private static let cache = Mutex<[String: SourceIndex]>([:])

    /// The file declaring `type`, if found.
    public func file(of type: String) -> String? { files[type] }

    // MARK: - Reading

    nonisolated(unsafe) private static let declaration = try! Regex(
        #"(?m)^[ \t]*(?:(?:public|open|internal|fileprivate|private|final|package)[ \t]+)*(class|struct|enum|actor|extension)[ \t]+([A-Za-z_][A-Za-z0-9_]*)[^{\n]*"#)
    nonisolated(unsafe) private static let template = try! Regex(
        #"(?:var[ \t]+template[ \t]*:[ \t]*String\??[ \t]*\{[ \t]*(?:return[ \t]+)?|(?:let|var)[ \t]+template[ \t]*(?::[ \t]*String\??[ \t]*)?=[ \t]*)"([^"\\\n]+)""#)

    private mutating func read(_ text: String, file: String) {
        var types: [(start: String.Index, kind: String, name: String, header: String)] = []
        for match in text.matches(of: Self.declaration) {
            guard let kind = match.output[1].substring, let name = match.output[2].substring else { continue }
            types.append((match.range.lowerBound, String(kind), String(name), String(match.output[0].substring ?? "")))
            if kind != "extension", files[String(name)] == nil { files[String(name)] = file }
        }
        var declaring: Set<String> = []
        for match in text.matches(of: Self.template) {
            guard let name = match.output[1].substring else { continue }
            let owner = types.last { $0.start < match.range.lowerBound }
            let line = text[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            templates.append(TemplateReference(type: owner?.name ?? "?", file: file, line: line, name: String(name)))
            if let owner { declaring.insert(owner.name) }
        }
        for type in types where type.kind == "class" && Self.inheritsComponent(type.header) && !declaring.contains(type.name) {
            componentsWithoutTemplate.append((type.name, file))
        }
    }

    /// Whether a class header names `AnyComponent` as its superclass.
    private static func inheritsComponent(_ header: String) -> Bool {
        guard let colon = header.firstIndex(of: ":") else { return false }
        let superclass = header[header.index(after: colon)...].split(separator: ",").first?
            .trimmingCharacters(in: .whitespaces)
        return superclass == "AnyComponent"
    }
}
