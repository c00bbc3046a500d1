import Tessera

// MARK: - TextColumn

/// Any column, read as its text when it holds text (nil for numbers, bytes, dates, `NULL`):
/// for a test that looks through every value of a table.
struct TextColumn: SQLDecodable {
    /// The text, if the column held text.
    let text: String?

    static func decode(from column: SQLColumn) throws -> TextColumn {
        guard case .text(let text) = try column.value else { return TextColumn(text: nil) }
        return TextColumn(text: text)
    }
}
