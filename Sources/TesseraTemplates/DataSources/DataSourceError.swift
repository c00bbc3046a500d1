// MARK: - DataSourceError

/// A data source was configured with something it cannot draw.
public struct DataSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Swift type that has no renderer.
    public let typeName: String
    /// Whether it was an item, a header or a footer.
    public let role: Role
    /// The index of the section it stood in.
    public let section: Int

    /// The problem in a sentence, naming the type and what to register.
    public var description: String {
        "no cell renderer draws \(typeName), a \(role.rawValue) of section \(section); list one in the data source's cells"
    }

    /// Where in a section a value stands.
    public enum Role: String, Sendable {
        case item, header, footer
    }
}
