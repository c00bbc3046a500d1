import Foundation

// MARK: - TemplateFiles

/// Finds and reads the `*.mustache` files of a views directory.
public enum TemplateFiles {
    /// The file extension of templates.
    package static let fileExtension = "mustache"

    /// Every template under `directory`, sorted by name.
    static func sources(in directory: URL) throws -> [TemplateSource] {
        let root = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateFilesError(message: "views directory \(root.path) does not exist")
        }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var sources: [TemplateSource] = []
        for case let relative as String in walker where relative.hasSuffix("." + fileExtension) {
            let data = try Data(contentsOf: URL(fileURLWithPath: rootPath + relative))
            var text = String(decoding: data, as: UTF8.self)
            if text.hasSuffix("\r\n") {
                text.removeLast()  // "\r\n" is one Character
            } else if text.hasSuffix("\n") {
                text.removeLast()
            }
            let name = String(relative.dropLast(fileExtension.count + 1))
            sources.append(
                TemplateSource(name: name, text: text, displayPath: root.lastPathComponent + "/" + relative))
        }
        return sources.sorted { $0.name < $1.name }
    }
}

/// A views directory that cannot be read.
struct TemplateFilesError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
