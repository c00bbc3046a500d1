import Foundation

/// Hostile strings from `Tests/Fixtures/naughty-strings.txt` (the Big List of Naughty Strings
/// and the OWASP XSS cheat sheet), shared by every test target.
public enum NaughtyStrings {
    /// Every string of the file, comments left out, `\0` turned into NUL.
    public static let list: [String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/naughty-strings.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.hasPrefix("# ") }
            .map { $0.replacingOccurrences(of: "\\0", with: "\0") }
    }()
}
