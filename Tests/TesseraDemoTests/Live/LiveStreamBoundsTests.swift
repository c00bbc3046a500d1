import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// A live stream is bounded like any request: it follows only what a page places, shares one
/// render among the pages that follow the same thing, cannot be silenced by its own page, and
/// each viewer holds a few at most.
@Suite("Live streams bounded")
struct LiveStreamBoundsTests {
    // MARK: - What a stream follows

    @Test("a since or Last-Event-ID past the data's generation counts as the generation: the page still hears of the next comment",
        arguments: [(String(UInt64.max), nil), ("0", "9999999")] as [(String, String?)])
    func sinceIsCapped(_ since: String, _ lastEventID: String?) async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                try await site.withLiveHub {
                    let member = try await client.signIn()
                    let probe = LiveProbe(site.site, following: ["/blogs/1/_/comments"], since: since, lastEventID: lastEventID)
                    defer { probe.close() }
                    #expect(await probe.next("stream") != nil)
                    #expect(try await client.post("/blogs/1/comments", [("text", "Heard anyway")], as: member).status == .seeOther)
                    let update = try #require(await probe.next("update")?.element)
                    #expect(update.select("li article.comment").contains { $0.text.contains("Heard anyway") })
                }
            }
        }
    }

    @Test("URLs of one component that differ only in query items nothing reads are one render per write, from the first write on")
    func variantsShareOneRender() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                try await site.withLiveHub {
                    let member = try await client.signIn()
                    let page = HTMLDocument(try await client.get("/blogs/2").text)
                    let since = try #require(page.first("#blog-stats")?[attribute: "data-tessera-live-since"])
                    let initial = Int(page.first("#blog-stats .comment-count")?.text.split(separator: " ").first ?? "") ?? 0
                    let probes = (0..<12).map { number in
                        LiveProbe(site.site, following: ["/blogs/2/_/blog-stats?variant=\(number)&_component=x"], since: since)
                    }
                    defer { probes.forEach { $0.close() } }
                    for probe in probes { #expect(await probe.next("stream") != nil) }
                    let hub = site.site.liveHub
                    for (round, text) in ["First", "Second"].enumerated() {
                        let before = hub.renders
                        #expect(try await client.post("/blogs/2/comments", [("text", text)], as: member).status == .seeOther)
                        for probe in probes {
                            let update = try #require(await probe.next("update")?.element)
                            #expect(update.first(".comment-count")?.text.hasPrefix("\(initial + round + 1) comment") == true)
                        }
                        #expect(hub.renders - before == 1, "renders after write \(round + 1): \(hub.renders - before)")
                    }
                }
            }
        }
    }

    @Test("pages on two processes following variants of one component: a write costs one render in each process")
    func variantsOnTwoProcesses() async throws {
        try await TestSite.onTwoProcesses { first, second in
            try await first.test(keepingFiles: true) { one in
                try await second.test { _ in
                    try await first.withLiveHub {
                        try await second.withLiveHub {
                            let member = try await one.signIn()
                            let page = HTMLDocument(try await one.get("/blogs/3").text)
                            let since = try #require(page.first("#blog-stats")?[attribute: "data-tessera-live-since"])
                            let probes = (0..<12).map { number in
                                LiveProbe(
                                    (number % 2 == 0 ? first : second).site, following: ["/blogs/3/_/blog-stats?from=\(number)"], since: since)
                            }
                            defer { probes.forEach { $0.close() } }
                            for probe in probes { #expect(await probe.next("stream") != nil) }
                            let before = (first.site.liveHub.renders, second.site.liveHub.renders)
                            #expect(try await one.post("/blogs/3/comments", [("text", "Both processes")], as: member).status == .seeOther)
                            for probe in probes { #expect(await probe.next("update") != nil) }
                            #expect(first.site.liveHub.renders - before.0 == 1, "first process: \(first.site.liveHub.renders - before.0)")
                            #expect(second.site.liveHub.renders - before.1 == 1, "second process: \(second.site.liveHub.renders - before.1)")
                        }
                    }
                }
            }
        }
    }

    // MARK: - Ending with the client

    @Test("a stream's wait ends the wakeup its connection closes, not at the next heartbeat")
    func waitEndsWithTheConnection() async throws {
        let site = try await TestSite()
        // With the hub running, a wait the exit did not end would end at the heartbeat, unequal.
        try await site.withLiveHub {
            let hub = site.site.liveHub
            let exit = StreamExit()
            let wakeup = hub.wakeup
            async let woke = hub.next(after: wakeup, until: exit)
            exit.end()
            #expect(await woke == wakeup, "nothing changed: it woke for the exit")
            #expect(await hub.next(after: wakeup, until: exit) == wakeup, "an ended stream waits for nothing")
        }
    }

    // MARK: - Tokens at the edge

    @Test("a stream's render writes its forms' tokens as holes: unchanged data renders the same bytes, filled with each viewer's own token")
    func tokensAreFilledAtTheEdge() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let member = try await client.signIn()
            let hub = site.site.liveHub
            let headers: HTTPFields = [.cookie: member.cookie, HTTPField.Name("X-Tessera-Fragment")!: "1"]
            let (first, second) = (
                try await hub.fetch("/trash/_/trash-list", headers: headers, remoteAddress: nil),
                try await hub.fetch("/trash/_/trash-list", headers: headers, remoteAddress: nil)
            )
            #expect(first.status == .ok)
            #expect(first.digest == second.digest, "a fresh one-time token per render makes no difference")
            #expect(String(buffer: first.body).contains(TokenHoles.csrf))
            let filled = HTMLDocument(String(buffer: TokenHoles.fill(first.body, csrfToken: member.token)))
            let forms = filled.select("form")
            #expect(forms.count >= 2)
            #expect(forms.allSatisfy { $0.first("input[name=_csrf]")?[attribute: "value"] == member.token })
            let once = forms.compactMap { $0.first("input[name=_once]")?[attribute: "value"] }
            #expect(once.count == forms.count && Set(once).count == once.count, "each form its own one-time token")
            #expect(once.allSatisfy { $0.utf8.count == 64 && !$0.contains(String(TokenHoles.once.prefix(8))) })
        }
    }

    // MARK: - Each viewer's share

    @Test("a member past their share of open streams is refused with 429, however many sessions they sign in with")
    func memberShareIsBounded() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let limit = site.site.configuration.maxLiveStreamsPerViewer
                var sessions: [TestSession] = []
                for _ in 0..<2 { sessions.append(try await client.signIn()) }
                let open = (0..<limit).map { number in
                    LiveProbe(site.site, following: ["/blogs/1/_/blog-stats"], since: nil, as: sessions[number % 2])
                }
                defer { open.forEach { $0.close() } }
                for probe in open { #expect(await probe.next("stream") != nil) }
                for session in sessions {
                    let refused = LiveProbe(site.site, following: ["/blogs/1/_/blog-stats"], since: nil, as: session)
                    #expect(await refused.next("refused")?.data == "429")
                }
                // A visitor is another viewer.
                let visitor = LiveProbe(site.site, following: ["/blogs/1/_/blog-stats"], since: nil)
                defer { visitor.close() }
                #expect(await visitor.next("stream") != nil)
            }
        }
    }

    @Test("visitors from one address past its share are refused with 429; visitors elsewhere are not")
    func addressShareIsBounded() async throws {
        let site = try await TestSite()
        try await site.test { _ in
            try await site.withLiveHub {
                let limit = site.site.configuration.maxLiveStreamsPerViewer
                let address = try SocketAddress(ipAddress: "192.0.2.7", port: 0)
                let open = (0..<limit).map { _ in
                    LiveProbe(site.site, following: ["/blogs/1/_/blog-stats"], since: nil, from: address)
                }
                defer { open.forEach { $0.close() } }
                for probe in open { #expect(await probe.next("stream") != nil) }
                let refused = LiveProbe(site.site, following: ["/blogs/1/_/blog-stats"], since: nil, from: address)
                #expect(await refused.next("refused")?.data == "429")
                let elsewhere = LiveProbe(site.site, following: ["/blogs/1/_/blog-stats"], since: nil)
                defer { elsewhere.close() }
                #expect(await elsewhere.next("stream") != nil)
            }
        }
    }
}
