import GRDB

// MARK: - Fortune

/// A row of the `Fortune` table (the TechEmpower Fortunes test).
public struct Fortune: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    /// The table, named as the benchmark requires.
    public static let databaseTableName = "Fortune"

    /// The id.
    public var id: Int
    /// The message, untrusted text.
    public var message: String

    /// A fortune.
    public init(id: Int, message: String) {
        self.id = id
        self.message = message
    }

    /// Decodes a row by column name (faster than the `Codable` decoder on every request).
    public init(row: Row) throws {
        id = row["id"]
        message = row["message"]
    }

    /// The fortune added at request time, never stored.
    public static let additional = Fortune(id: 0, message: "Additional fortune added at request time.")
}
