import Tessera

// MARK: - Fortune

/// A row of the `Fortune` table (the TechEmpower Fortunes test). SQL names the table unquoted,
/// so SQLite (which ignores case) and PostgreSQL (which folds it to `fortune`) agree.
@SQLRecord
public struct Fortune: Codable, Sendable, Equatable {
    /// The id.
    public var id: Int
    /// The message, untrusted text.
    public var message: String

    /// A fortune.
    public init(id: Int, message: String) {
        self.id = id
        self.message = message
    }

    /// The fortune added at request time, never stored.
    public static let additional = Fortune(id: 0, message: "Additional fortune added at request time.")
}
