import Tessera

// MARK: - Fortune

/// A row of the `Fortune` table (the TechEmpower Fortunes test). SQL names the table unquoted,
/// so SQLite (which ignores case) and PostgreSQL (which folds it to `fortune`) agree.
public struct Fortune: Codable, SQLRecord, Sendable, Equatable {
    /// The id.
    public var id: Int
    /// The message, untrusted text.
    public var message: String

    /// A fortune.
    public init(id: Int, message: String) {
        self.id = id
        self.message = message
    }

    /// Decodes a row of `id, message`, by position.
    public init(row: SQLRow) throws {
        id = try row[0]
        message = try row[1]
    }

    /// The fortune added at request time, never stored.
    public static let additional = Fortune(id: 0, message: "Additional fortune added at request time.")
}
