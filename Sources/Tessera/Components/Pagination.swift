// MARK: - Pagination

/// Which pages of a list a request shows, read from its query, and the links around them.
///
/// - `?page=N` shows page N alone (without JavaScript, "Load more" leads there): the list then
///   offers a link to the newer page and says where you are ("Page 3").
/// - `?through=N` shows pages 1 to N together: the client script puts it in the address bar
///   after appending a page, so a reload, Back or Forward shows what was on the screen.
///
/// Every other item of the query (a filter, a sort: `?condition=worn`) is the list's too: it is
/// kept in every link of the pager and in the fragment query (``query``), so "Load more" and the
/// next page show the same filtered list, with JavaScript or without. Tessera's own items
/// (`_component`, `_back`, `_csrf`, `_once`) are never kept.
public struct Pagination: Equatable, Sendable {
    /// The highest `page` accepted.
    package static let maxPage = 10_000
    /// The highest `through` accepted (so one request reads at most this many pages).
    package static let maxThrough = 20

    /// The first page shown, from 1.
    public let first: Int
    /// The last page shown (equal to `first` unless `through` was given).
    public let last: Int
    /// The query's other items, in order (filters, sort), kept in every link.
    package let otherItems: [QueryItem]

    /// One item of a query.
    package struct QueryItem: Equatable, Sendable {
        /// Its name.
        package let name: String
        /// Its value.
        package let value: String
    }

    /// Pages `first` through `last` of a list whose query also holds `otherItems` (default none).
    package init(first: Int = 1, last: Int = 1, otherItems: [(String, String)] = []) {
        self.first = first
        self.last = last
        self.otherItems = otherItems.map { QueryItem(name: $0.0, value: $0.1) }
    }

    /// The pages `query` asks for; an out-of-range or non-numeric value is a 400 that says, in
    /// plain words, what to do instead.
    public init(_ query: Parameters) throws {
        let others = query.pairs.filter { $0.name != "page" && $0.name != "through" && !RequestPipeline.ownItems.contains($0.name) }
            .map { ($0.name, $0.value) }
        do {
            if let through = query["through"], !through.isEmpty {
                self.init(first: 1, last: try query.int("through", default: 1, in: 1...Self.maxThrough), otherItems: others)
            } else {
                let page = try query.int("page", default: 1, in: 1...Self.maxPage)
                self.init(first: page, last: page, otherItems: others)
            }
        } catch {
            throw RequestError.badRequest("There is no such page of this list. Start again from its first page.")
        }
    }

    // MARK: - Queries

    /// Rows to skip for pages of `size`.
    public func offset(size: Int) -> Int { (first - 1) * size }
    /// Rows to read for pages of `size`.
    public func limit(size: Int) -> Int { (last - first + 1) * size }

    /// The query reproducing this state in a fragment URL: the other items, then the pages.
    public var query: [(String, String)] {
        if last > first { return kept + [("through", String(last))] }
        return kept + (first > 1 ? [("page", String(first))] : [])
    }

    /// The other items as pairs.
    private var kept: [(String, String)] { otherItems.map { ($0.name, $0.value) } }

    // MARK: - Links

    /// The pager of the list a component loading in `scope` shows, naming its items `noun`
    /// ("posts"): `newerURL` and `position` (when past the first page), `moreURL`,
    /// `moreFragmentURL` (when `hasMore`), `moreHistoryURL` (the address once the next page is
    /// appended, when a `through` can say it), and `moreLabel`. Its links lead to the scene's
    /// URL and the component's own fragment URL.
    public func pager<C: Component>(in scope: ComponentScope<C>, hasMore: Bool, noun: String) -> Pager {
        pager(sceneURL: scope.sceneURL, fragmentURL: { scope.fragmentURL(query: $0) }, hasMore: hasMore, noun: noun)
    }

    /// ``pager(in:hasMore:noun:)`` for a list at `sceneURL` whose fragment URLs `fragmentURL`
    /// makes.
    func pager(sceneURL: String, fragmentURL: ([(String, String)]) -> String, hasMore: Bool, noun: String) -> Pager {
        let next = kept + [("page", String(last + 1))]
        let newer = sceneURL + URLQuery.encode(kept + (first == 2 ? [] : [("page", String(first - 1))]))
        return Pager(
            newerURL: first > 1 ? newer : nil,
            newerLabel: "Newer " + noun,
            position: "Page \(first)",
            moreURL: hasMore ? sceneURL + URLQuery.encode(next) : nil,
            moreFragmentURL: fragmentURL(next),
            moreHistoryURL: first == 1 && last < Self.maxThrough
                ? sceneURL + URLQuery.encode(kept + [("through", String(last + 1))]) : nil,
            moreLabel: "More " + noun)
    }
}

// MARK: - Pager

/// The links around a page of a list, for Tessera's pager partials: `{{> Tessera/PagerTop}}`
/// (the newer page and "Page 3") above the list and `{{> Tessera/PagerMore}}` ("Load more")
/// below it. A list's model includes it with `@TemplateIncluded let pager: Pager`, so the
/// partials read its keys directly; ``Pagination/pager(in:hasMore:noun:)``
/// makes one.
@TemplateModel
public struct Pager: Sendable {
    /// The newer page's URL, past the first page.
    package let newerURL: String?
    /// "Newer posts".
    package let newerLabel: String
    /// "Page 3".
    package let position: String
    /// The next page's URL (without JavaScript), when there is more.
    package let moreURL: String?
    /// The next page's fragment URL, which the client script appends.
    package let moreFragmentURL: String
    /// The address once the next page is appended (`?through=N+1`), while `through` can say it.
    package let moreHistoryURL: String?
    /// "More posts".
    package let moreLabel: String
}
