// MARK: - BackOfficeFilter

/// What a list keeps: rows whose text columns hold ``search`` (any case), and whose boolean
/// columns hold ``flags``' values; read from the list's query (`?q=`, `?isOnline=true`).
struct BackOfficeFilter: Sendable {
    /// Words looked for, or nil.
    var search: String?
    /// Boolean columns and the value each must hold, in the schema's order.
    var flags: [(String, Bool)] = []

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
    }

    /// The query that asks for it again.
    var query: [(String, String)] {
        (search.map { [("q", $0)] } ?? []) + flags.map { ($0.0, $0.1 ? "true" : "false") }
    }
}
