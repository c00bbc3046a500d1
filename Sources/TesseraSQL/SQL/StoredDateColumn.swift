import Foundation
import GRDB
import GRDBSQLite

// MARK: - StoredDateColumn

/// A date column decoded straight from SQLite's statement, for ``SQLRow``'s dates: a date GRDB
/// stored (`yyyy-MM-dd HH:mm:ss.SSS` in UTC, or without the milliseconds) is read from the
/// column's bytes by integer arithmetic (``StoredDate``); any other form GRDB accepts (seconds
/// since 1970, a date alone, a time zone) is decoded by GRDB, so the result is always GRDB's
/// own. GRDB's own `Date` decoding goes through `Calendar` for every row, a cost a page listing
/// dated items would pay per item.
struct StoredDateColumn: DatabaseValueConvertible, StatementColumnConvertible {
    let date: Date

    init(date: Date) { self.date = date }

    init?(sqliteStatement: SQLiteStatement, index: CInt) {
        if sqlite3_column_type(sqliteStatement, index) == SQLITE_TEXT, let text = sqlite3_column_text(sqliteStatement, index) {
            let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
            if let date = StoredDate.date(bytes) {
                self.date = date
                return
            }
        }
        guard let date = Date(sqliteStatement: sqliteStatement, index: index) else { return nil }
        self.date = date
    }

    var databaseValue: DatabaseValue { date.databaseValue }

    static func fromDatabaseValue(_ value: DatabaseValue) -> StoredDateColumn? {
        if case .string(let text) = value.storage {
            var text = text
            if let date = text.withUTF8({ StoredDate.date($0) }) { return StoredDateColumn(date: date) }
        }
        return Date.fromDatabaseValue(value).map(StoredDateColumn.init(date:))
    }
}
