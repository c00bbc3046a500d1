import Synchronization

// MARK: - TableCatalog

/// The app's tables, each given a bit of a ``TableSet``, and the tables each statement reads.
///
/// Every statement a store runs through ``SQLConnection`` is read here for the names it holds
/// (words and quoted identifiers outside string literals); those that name an app table are its
/// tables. So no store can forget to say what it read, and raw SQL needs nothing more: a table
/// named anywhere in the statement counts (a column of the same name only adds a table, which
/// costs a reuse, never freshness). A view counts as every table. Tessera's own bookkeeping
/// (`tessera_*`) is not an app table: changing it ends nothing.
///
/// Loaded once the schema is migrated (``load(tables:views:)``); a statement's tables are worked
/// out once and kept.
final class TableCatalog: Sendable {
    private struct State {
        /// Lowercased table and view names, with their sets.
        var names: [String: TableSet] = [:]
        /// Per table (lowercased) whose rows are marked by their key (``RowKey``), the tables
        /// whose changed rows mark its rows: itself, and those referencing it.
        var marking: [String: TableSet] = [:]
        /// Statements already read.
        var statements: [String: TableSet] = [:]
        var isLoaded = false
    }

    /// The most statements whose tables are kept (past it the list starts again).
    static let statementLimit = 4096

    private let state = Mutex(State())

    /// An empty catalog: until it is loaded, a statement reads every table.
    init() {}

    /// Gives each of `tables` a bit (past the 63rd, they share the last) and each of `views`
    /// every bit; `marks` names, per table, the tables whose rows its changed rows mark
    /// (``ChangeTriggers/rowMarks(in:)``).
    func load(tables: [String], views: [String], marks: [String: [String]] = [:]) {
        var names: [String: TableSet] = [:]
        for (index, table) in tables.sorted().enumerated() {
            names[table.lowercased()] = TableSet(bits: 1 << UInt64(min(index, 63)))
        }
        var marking: [String: TableSet] = [:]
        for (table, marked) in marks {
            // A shared last bit stands for tables that may mark nothing: it never counts as marking.
            guard let set = names[table.lowercased()], set.bits != 1 << 63 else { continue }
            for target in marked { marking[target.lowercased(), default: .none] = marking[target.lowercased(), default: .none].union(set) }
        }
        for view in views { names[view.lowercased()] = .all }
        state.withLock { $0 = State(names: names, marking: marking, isLoaded: true) }
    }

    /// The tables whose changed rows mark the rows of `table` by their key (``RowKey``): the
    /// table itself when its primary key is one column, and those with a one-column foreign
    /// key to it. Empty for a table no change marks (or no table).
    func tables(marking table: String) -> TableSet {
        state.withLock { $0.marking[table.lowercased()] ?? .none }
    }

    /// The set of the table called `name`; nil for a name that is no app table.
    func table(named name: String) -> TableSet? {
        state.withLock { $0.names[name.lowercased()] }
    }

    /// The app tables `sql` names.
    func tables(in sql: String) -> TableSet {
        if let known = state.withLock({ $0.statements[sql] }) { return known }
        let names = state.withLock { $0.isLoaded ? $0.names : nil }
        guard let names else { return .all }
        var tables = TableSet.none
        for name in Self.identifiers(in: sql) {
            if let table = names[name] { tables = tables.union(table) }
        }
        state.withLock { state in
            if state.statements.count >= Self.statementLimit { state.statements = [:] }
            state.statements[sql] = tables
        }
        return tables
    }

    // MARK: - Reading statements

    /// The lowercased words and quoted identifiers (`"…"`, `` `…` ``, `[…]`) of `sql`, outside
    /// string literals and comments.
    static func identifiers(in sql: String) -> [String] {
        let bytes = Array(sql.utf8)
        var names: [String] = []
        var index = 0
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
        }
        /// The index after the byte `close` from `start` on (a doubled one is part of the text).
        func skip(to close: UInt8, from start: Int) -> Int {
            var end = start
            while end < bytes.count {
                if bytes[end] == close {
                    if end + 1 < bytes.count, bytes[end + 1] == close, close != UInt8(ascii: "]") {
                        end += 2
                        continue
                    }
                    return end
                }
                end += 1
            }
            return end
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                index = skip(to: byte, from: index + 1) + 1
            case UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                let end = skip(to: close, from: index + 1)
                names.append(String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self).lowercased())
                index = end + 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            default:
                guard isWordByte(byte) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                names.append(String(decoding: bytes[start..<index], as: UTF8.self).lowercased())
            }
        }
        return names
    }
}
