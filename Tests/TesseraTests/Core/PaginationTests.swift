import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A list's pages come from its query, and every other item of the query (a filter, a sort) is
/// kept in the pager's links and in the fragment query.
@Suite("Pagination")
struct PaginationTests {
    private static func pagination(_ pairs: [(String, String)]) throws -> Pagination {
        try Pagination(Parameters(pairs, origin: .query))
    }

    private static func pager(_ pagination: Pagination, hasMore: Bool = true) -> Pager {
        pagination.pager(sceneURL: "/tools", fragmentURL: { "/tools/_/list" + URLQuery.encode($0) }, hasMore: hasMore, noun: "tools")
    }

    @Test("a filter and a sort survive every link of a later page: newer, more, its fragment")
    func laterPageKeepsTheQuery() throws {
        let pagination = try Self.pagination([("condition", "worn"), ("page", "2"), ("sort", "new")])
        #expect(pagination.first == 2 && pagination.last == 2)
        #expect(pagination.query.map { "\($0.0)=\($0.1)" } == ["condition=worn", "sort=new", "page=2"])
        let pager = Self.pager(pagination)
        #expect(pager.newerURL == "/tools?condition=worn&sort=new")
        #expect(pager.moreURL == "/tools?condition=worn&sort=new&page=3")
        #expect(pager.moreFragmentURL == "/tools/_/list?condition=worn&sort=new&page=3")
        #expect(pager.moreHistoryURL == nil, "only the first page can say its pages with through")
    }

    @Test("the first page's load more keeps the filter in its address once appended")
    func firstPageKeepsTheQuery() throws {
        let pager = Self.pager(try Self.pagination([("condition", "worn & torn")]))
        #expect(pager.newerURL == nil)
        #expect(pager.moreURL == "/tools?condition=worn%20%26%20torn&page=2")
        #expect(pager.moreHistoryURL == "/tools?condition=worn%20%26%20torn&through=2")
        let through = try Self.pagination([("through", "3"), ("condition", "worn")])
        #expect(through.query.map { "\($0.0)=\($0.1)" } == ["condition=worn", "through=3"])
    }

    @Test("without other items the links are as plain as before")
    func plainQuery() throws {
        let pagination = try Self.pagination([("page", "2")])
        #expect(pagination.query.map { "\($0.0)=\($0.1)" } == ["page=2"])
        #expect(Self.pager(pagination).newerURL == "/tools")
        #expect(Self.pager(pagination, hasMore: false).moreURL == nil)
    }
}
