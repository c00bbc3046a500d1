// MARK: - BackOfficeFilter

/// What a list keeps: rows whose text columns hold ``search`` (any case), whose boolean columns
/// hold ``flags``' values, and whose other optional columns hold a value or not as ``presence``
/// says; read from the list's query (`?q=`, `?isOnline=true`, `?notes=set`, `?notes=empty`).
struct BackOfficeFilter: Sendable {
    /// Words looked for, or nil.
    var search: String?
    /// Boolean columns and the value each must hold, in the schema's order.
    var flags: [(String, Bool)] = []
    /// Optional columns and whether each must hold a value (`set`) or none (`empty`), in the
    /// schema's order.
    var presence: [(String, Bool)] = []

    /// Longest search kept.
    static let maxSearch = 100

    /// The filter `query` asks of `entry`'s list; a value that is not one is a 400.
    init(_ query: Parameters, entry: BackOfficeEntry) throws(RequestError) {
        let search = (query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard search.unicodeScalars.count <= Self.maxSearch else {
            throw RequestError.badRequest("Search for \(Self.maxSearch) characters or fewer.")
        }
        self.search = search.isEmpty ? nil : search
        for column in entry.filteredColumns {
            switch query[column.name] ?? "" {
            case "": continue
            case "true": flags.append((column.name, true))
            case "false": flags.append((column.name, false))
            default: throw RequestError.badRequest("Filter “\(BackOfficeLabels.label(of: column))” by true or false.")
            }
        }
        for column in entry.presenceColumns {
            switch query[column.name] ?? "" {
            case "": continue
            case Self.set: presence.append((column.name, true))
            case Self.empty: presence.append((column.name, false))
            default: throw RequestError.badRequest("Filter “\(BackOfficeLabels.label(of: column))” by \(Self.set) or \(Self.empty).")
            }
        }
    }

    /// The query value asking for rows whose column holds a value.
    static let set = "set"
    /// The query value asking for rows whose column holds none.
    static let empty = "empty"

    /// The query that asks for it again.
    var query: [(String, String)] {
        (search.map { [("q", $0)] } ?? []) + flags.map { ($0.0, $0.1 ? "true" : "false") }
            + presence.map { ($0.0, $0.1 ? Self.set : Self.empty) }
    }
}
