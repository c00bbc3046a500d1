import GRDB
#if PostgreSQL
import PostgresNIO
#endif

// MARK: - SQLError

/// A statement the database refused, from either database.
package struct SQLError: Error, CustomStringConvertible {
    /// What kind of refusal it was, where a store may want to act on it.
    package enum Kind: Sendable, Equatable {
        /// A `UNIQUE` or primary key constraint: the row exists already.
        case uniqueViolation
        /// A `FOREIGN KEY` constraint: the row referred to does not exist (any more).
        case foreignKeyViolation
        /// Another process holds the database (SQLite's busy timeout ran out) or PostgreSQL
        /// found a deadlock or a serialization failure: the transaction may be tried again.
        case busy
        /// Text the database cannot store (PostgreSQL refuses U+0000 in `text`): the request's
        /// own doing, answered with a 400.
        case unstorableText
        /// Anything else.
        case other
    }

    /// What kind of refusal it was.
    package let kind: Kind
    /// The database's own message.
    package let message: String
    /// The statement refused.
    package let sql: String

    init(_ error: any Error, sql: String) {
        if let error = error as? SQLError {
            self = error
            return
        }
        self.sql = sql
        if let error = error as? DatabaseError {
            message = error.message ?? "\(error)"
            switch error.extendedResultCode {
            case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY: kind = .uniqueViolation
            case .SQLITE_CONSTRAINT_FOREIGNKEY: kind = .foreignKeyViolation
            case _ where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED: kind = .busy
            default: kind = .other
            }
            return
        }
        #if PostgreSQL
        if let error = error as? PSQLError {
            let state = error.serverInfo?[.sqlState]
            message = error.serverInfo?[.message] ?? String(reflecting: error)
            switch state {
            case "23505": kind = .uniqueViolation
            case "23503": kind = .foreignKeyViolation
            case "40001", "40P01", "55P03": kind = .busy
            case "22021", "22P05": kind = .unstorableText
            default: kind = .other
            }
            return
        }
        #endif
        message = String(reflecting: error)
        kind = .other
    }

    package var description: String { "\(message) (in: \(sql))" }
}
