import Foundation
import GRDB
import Tessera

// MARK: - NoticeStore

/// One pending ``Notice`` per session (`notice` table): posting replaces the pending one;
/// taking it deletes it in the same transaction, so it is shown exactly once.
struct NoticeStore {
    let database: CountingDatabase

    /// Keeps `notice` for the session `sessionID` until its next page.
    func post(_ notice: Notice, to sessionID: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO notice (sessionID, message, undoURL, undoBack, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [sessionID, notice.message, notice.undoURL, notice.undoBack, date])
        }
    }

    /// The pending notice of `sessionID`, removed as it is read; nil when there is none.
    ///
    /// Most pages have none, so a read looks first and only a notice found is deleted, in a
    /// write whose `RETURNING` hands it over: shown once even when two pages ask at once.
    func take(for sessionID: String) async throws -> Notice? {
        let pending = try await database.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM notice WHERE sessionID = ?"), arguments: [sessionID]) ?? false
        }
        guard pending else { return nil }
        return try await database.write { db in
            try Row.fetchOne(
                db, sql: "DELETE FROM notice WHERE sessionID = ? RETURNING message, undoURL, undoBack", arguments: [sessionID]
            ).map { Notice($0["message"], undoURL: $0["undoURL"], undoBack: $0["undoBack"]) }
        }
    }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("demo.notices.v1") { db in
            try db.create(table: "notice") { t in
                t.primaryKey("sessionID", .text)
                t.column("message", .text).notNull()
                t.column("undoURL", .text)
                t.column("undoBack", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
    }
}

// MARK: - Posting from actions

extension ActionContext {
    /// Shows `notice` on the next page this visitor loads: use it when the action redirects
    /// (with or without the client script, a new page follows).
    func noticeOnNextPage(_ notice: Notice) async throws {
        guard !scope.session.id.isEmpty else { return }
        try await NoticeStore(database: database).post(notice, to: scope.session.id, at: scope.demo.now())
    }

    /// Shows `notice` on the next page only for a plain form post (the client script shows the
    /// component's own notice in place instead).
    func noticeAfterPlainPost(_ notice: Notice) async throws {
        guard !scope.wantsFragment else { return }
        try await noticeOnNextPage(notice)
    }
}
