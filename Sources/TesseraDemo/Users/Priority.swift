import Foundation
import Tessera

// MARK: - Priority

/// Something a user focuses on between two dates (seed 002's example): the table `priority` as
/// `demo.community.v1` made it (`migrate --plan` finds nothing to change).
@Model(table: "priority")
public struct Priority: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "priority"

    public var id: Int64
    @Column(references: User.self, onDelete: .cascade) public var userID: Int64
    public var title: String
    public var startDate: Date
    public var endDate: Date

    /// Whether the priority is in force at `date` (both ends included).
    public func isCurrent(at date: Date) -> Bool { startDate <= date && date <= endDate }
}

// MARK: - Inserting

extension Priority {
    /// Stores a new priority (for the seed and fixtures) and returns the id the database
    /// numbered it with.
    @discardableResult
    static func insert(userID: Int64, title: String, startDate: Date, endDate: Date, into db: SQLConnection) async throws -> Int64 {
        try await Priority(id: 0, userID: userID, title: title, startDate: startDate, endDate: endDate).insert(in: db)
    }
}

// MARK: - Current priorities

extension [Priority] {
    /// The priorities in force at `date`, soonest ending first: the model's rule, so no
    /// controller or template decides what "current" means.
    public func current(at date: Date) -> [Priority] {
        filter { $0.isCurrent(at: date) }.sorted { ($0.endDate, $0.id) < ($1.endDate, $1.id) }
    }
}
