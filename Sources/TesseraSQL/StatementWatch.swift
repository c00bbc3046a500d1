// MARK: - StatementWatcher

/// Something told of every statement run in a task that binds it (``StatementWatch/current``):
/// `Tessera`'s metrics and traces. Nothing is watched, and nothing is paid but one task-local
/// read per statement, where none is bound.
package protocol StatementWatcher: Sendable {
    /// Runs `body`, which runs `statement`, and returns its result: the watcher times it, counts
    /// it or wraps it in a span.
    func watch<T>(_ statement: WatchedStatement, _ body: () async throws -> T) async throws -> T
}

// MARK: - WatchedStatement

/// A statement about to run, as a ``StatementWatcher`` sees it: its SQL (never its arguments),
/// its database, and the app tables it names.
package struct WatchedStatement: Sendable {
    /// The SQL, with its `?` placeholders: the values are never in it.
    package let sql: String
    /// Which database runs it.
    package let dialect: SQLDialect
    /// The app's tables, which name the ones it reads; nil when the connection has none.
    let catalog: TableCatalog?

    /// The statement's first word, upper-cased (`SELECT`, `INSERT`…); `SQL` when there is none.
    package var operation: String {
        let word = sql.utf8.drop { $0 == 32 || $0 == 10 || $0 == 9 || $0 == 13 }.prefix { byte in
            (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
        return word.isEmpty ? "SQL" : String(decoding: word, as: UTF8.self).uppercased()
    }

    /// The tables the statement names, lowercased, in the order it first names them: the app's
    /// (those its catalog knows) and Tessera's own (`tessera_*`). Never anything else of it: a
    /// word that is no table (a column, a keyword) is left out, and a value is never a word.
    package var tables: [String] {
        var seen: Set<String> = []
        return TableCatalog.identifiers(in: sql).filter { name in
            (name.hasPrefix("tessera_") || catalog?.table(named: name) != nil) && seen.insert(name).inserted
        }
    }
}

// MARK: - StatementWatch

/// Where the watcher of the statements run in the current task is bound.
package enum StatementWatch {
    /// The watcher of this task's statements, if any.
    @TaskLocal package static var current: (any StatementWatcher)?
}
