import Tracing
import TesseraSQL

// MARK: - StatementTelemetry

/// Counts and times every statement of a request or job into the site's metrics, and wraps
/// each in a span named by its operation and tables (`SELECT blogs`) with the database, the
/// operation and the table names as attributes: never the SQL's values, nor the SQL itself.
struct StatementTelemetry: StatementWatcher {
    let metrics: SiteMetrics?
    let tracing: SiteTracing?

    func watch<T>(_ statement: WatchedStatement, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        do {
            let result = try await traced(statement, body)
            metrics?.recordStatement(elapsed: ContinuousClock.now - start, failed: false)
            return result
        } catch {
            metrics?.recordStatement(elapsed: ContinuousClock.now - start, failed: true)
            throw error
        }
    }

    /// `body` in the statement's span, when tracing.
    private func traced<T>(_ statement: WatchedStatement, _ body: () async throws -> T) async throws -> T {
        guard let tracing else { return try await body() }
        let (operation, tables) = (statement.operation, statement.tables)
        var attributes: SpanAttributes = [:]
        attributes["db.system"] = statement.dialect == .sqlite ? "sqlite" : "postgresql"
        attributes["db.operation.name"] = operation
        attributes["db.collection.name"] = tables.joined(separator: ",")
        let name = tables.isEmpty ? operation : operation + " " + tables.joined(separator: ",")
        return try await tracing.span(name, kind: .client, attributes: attributes) { _ in try await body() }
    }
}
