import Foundation
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// A visitor's kept page (``Scene/reusesVisitorPages``) is never older than a write: what a
/// member does through another process shows at the visitor's next visit.
@Suite("Visitors' kept pages")
struct VisitorPageReuseTests {
    @Test("a visitor's kept post page shows a comment and a like made through another process at the next visit (SQLite, PostgreSQL)")
    func keptPageShowsAnotherProcessesWrites() async throws {
        try await TestSite.onTwoProcesses { first, second in
            try await first.test(keepingFiles: true) { one in
                try await second.test { two in
                    let first = try await two.get("/blogs/1")
                    let before = first.document
                    let kept = second.app.pageLookups.served
                    #expect(try await two.get("/blogs/1").text == first.text)
                    #expect(second.app.pageLookups.served == kept + 1, "the second visit got the kept page")

                    let member = try await one.signIn()
                    #expect(try await one.post("/blogs/1/comments", [("text", "Posted elsewhere")], as: member).status == .seeOther)
                    #expect(try await one.post("/blogs/1/like", as: member).status == .seeOther)

                    let after = try await two.get("/blogs/1").document
                    let comments = before.select("#comments li article.comment").count
                    #expect(after.select("#comments li article.comment").count == comments + 1)
                    #expect(after.first("#comments li article.comment")?.text.contains("Posted elsewhere") == true)
                    #expect(after.first("#blog-stats .like-count")?.text != before.first("#blog-stats .like-count")?.text)
                    #expect(after.first("#blog-stats .comment-count")?.text != before.first("#blog-stats .comment-count")?.text)
                }
            }
        }
    }
}
