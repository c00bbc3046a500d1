import Tessera

// MARK: - Pagination

/// Which pages of a list a request shows, read from its query, and the links around them.
///
/// - `?page=N` shows page N alone (without JavaScript, "Load more" leads there): the list then
///   offers a link to the newer page and says where you are ("Page 3").
/// - `?through=N` shows pages 1 to N together: the client script puts it in the address bar
///   after appending a page, so a reload, Back or Forward shows what was on the screen.
struct Pagination: Equatable {
    /// The highest `page` accepted.
    static let maxPage = 10_000
    /// The highest `through` accepted (so one request reads at most this many pages).
    static let maxThrough = 20

    /// The first page shown, from 1.
    let first: Int
    /// The last page shown (equal to `first` unless `through` was given).
    let last: Int

    /// Pages `first` through `last`.
    init(first: Int = 1, last: Int = 1) {
        self.first = first
        self.last = last
    }

    /// The pages `query` asks for; an out-of-range or non-numeric value is a 400 that says, in
    /// plain words, what to do instead.
    init(_ query: Parameters) throws {
        do {
            if let through = query["through"], !through.isEmpty {
                self.init(first: 1, last: try query.int("through", default: 1, in: 1...Self.maxThrough))
            } else {
                let page = try query.int("page", default: 1, in: 1...Self.maxPage)
                self.init(first: page, last: page)
            }
        } catch {
            throw RequestError.badRequest("There is no such page of this list. Start again from its first page.")
        }
    }

    // MARK: - Queries

    /// Rows to skip for pages of `size`.
    func offset(size: Int) -> Int { (first - 1) * size }
    /// Rows to read for pages of `size`.
    func limit(size: Int) -> Int { (last - first + 1) * size }

    /// The query reproducing this state in a fragment URL.
    var query: [(String, String)] {
        if last > first { return [("through", String(last))] }
        return first > 1 ? [("page", String(first))] : []
    }

    // MARK: - Links

    /// The pager's values: `newerURL` and `position` (when past the first page), `moreURL`,
    /// `moreFragmentURL` (when `hasMore`), `moreHistoryURL` (the address
    /// once the next page is appended, when a `through` can say it), and `moreLabel`.
    func pager(sceneURL: String, fragmentURL: ([(String, String)]) -> String, hasMore: Bool, noun: String) -> Pager {
        let next = [("page", String(last + 1))]
        let newer = first == 2 ? sceneURL : sceneURL + URLQuery.encode([("page", String(first - 1))])
        return Pager(
            newerURL: first > 1 ? newer : nil,
            newerLabel: "Newer " + noun,
            position: "Page \(first)",
            moreURL: hasMore ? sceneURL + URLQuery.encode(next) : nil,
            moreFragmentURL: fragmentURL(next),
            moreHistoryURL: first == 1 && last < Self.maxThrough ? sceneURL + URLQuery.encode([("through", String(last + 1))]) : nil,
            moreLabel: "More " + noun)
    }
}

// MARK: - Pager

/// What `Shared/PagerTop` and `Shared/PagerMore` read; a list's model includes its keys
/// (``TemplateKey/including(_:)``).
struct Pager: TemplateModel {
    let newerURL: String?
    let newerLabel: String
    let position: String
    let moreURL: String?
    let moreFragmentURL: String
    let moreHistoryURL: String?
    let moreLabel: String

    static let templateKeys: [TemplateKey<Pager>] = [
        TemplateKey("newerURL") { $0.newerURL },
        TemplateKey("newerLabel") { $0.newerLabel },
        TemplateKey("position") { $0.position },
        TemplateKey("moreURL") { $0.moreURL },
        TemplateKey("moreFragmentURL") { $0.moreFragmentURL },
        TemplateKey("moreHistoryURL") { $0.moreHistoryURL },
        TemplateKey("moreLabel") { $0.moreLabel },
    ]
}
