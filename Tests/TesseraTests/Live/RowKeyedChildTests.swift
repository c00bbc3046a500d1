import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// A live child keyed by a row (`ChildSlot(…, table:)`) renders again for its open pages only
/// when its row, or a row referencing it, changes: a booking re-renders its own class's button,
/// once per process however many pages are open, not its nineteen siblings, and loads no
/// schedule to vouch for it while the schedule's kept fragment is fresh. On SQLite and
/// PostgreSQL, two processes on one database.
@Suite("Children keyed by a row", .serialized)
struct RowKeyedChildTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Studio")

    /// Runs `body` with two sites on one new database (SQLite, then PostgreSQL when configured),
    /// as two processes, each looking for commits as a served app does.
    private static func onTwoProcesses(_ body: (_ first: TestApp<StudioApp>, _ second: TestApp<StudioApp>) async throws -> Void)
        async throws
    {
        try await TestApp<StudioApp>.onTwoProcesses(root: root) { first, second in try await run(first, second, body) }
    }

    private static func run(
        _ first: TestApp<StudioApp>, _ second: TestApp<StudioApp>,
        _ body: (_ first: TestApp<StudioApp>, _ second: TestApp<StudioApp>) async throws -> Void
    ) async throws {
        try await first.withLiveUpdates {
            try await second.withLiveUpdates { try await body(first, second) }
        }
    }

    @Test("a booking re-renders its own class's button once per process, for a hundred open pages, and no sibling or schedule")
    func bookingRendersItsRowOnly() async throws {
        try await Self.onTwoProcesses { first, second in
            try await first.test(keepingFiles: true) { one in
                try await second.test(keepingFiles: true) { two in
                    let pages = (try await one.get("/"), try await two.get("/"))
                    #expect(pages.0.select(".schedule [data-tessera-live-since]").count == 20)
                    let streams = (0..<100).map { number in
                        number % 2 == 0 ? TestLiveStream(first.site, on: pages.0.document) : TestLiveStream(second.site, on: pages.1.document)
                    }
                    defer { streams.forEach { $0.close() } }
                    for stream in streams { #expect(await stream.next("stream") != nil) }
                    // A stream learns each child's row and reads at its first render: the first
                    // change after it opens renders every child once per process.
                    #expect(try await one.submit("#schedule-booking-1 form", on: pages.0).status == .seeOther)
                    for stream in streams {
                        let updates = await stream.next(20, "update")
                        #expect(updates.count == 20)
                        #expect(updates.first { $0.element?[attribute: "id"] == "schedule-booking-1" }?.element?.first(".booked")?.text == "1 booked")
                    }
                    let renders = (first.site.liveHub.renders, second.site.liveHub.renders)
                    let loads = ScheduleComponent.loads.load(ordering: .relaxed)
                    let booked = try await one.submit("#schedule-booking-7 form", on: pages.0)
                    #expect(booked.status == .seeOther)
                    let loadsByAction = ScheduleComponent.loads.load(ordering: .relaxed) - loads
                    for stream in streams {
                        let update = await stream.next("update")
                        #expect(update?.element?[attribute: "id"] == "schedule-booking-7")
                        #expect(update?.element?.first(".booked")?.text == "1 booked")
                    }
                    #expect(first.site.liveHub.renders - renders.0 == 1, "first process: \(first.site.liveHub.renders - renders.0)")
                    #expect(second.site.liveHub.renders - renders.1 == 1, "second process: \(second.site.liveHub.renders - renders.1)")
                    #expect(
                        ScheduleComponent.loads.load(ordering: .relaxed) - loads == loadsByAction,
                        "the streams' renders found the button in the schedule's kept fragment")
                }
            }
        }
    }

    @Test("a change to a class's own row re-renders that class's button alone; a change elsewhere re-renders none")
    func ownRowCounts() async throws {
        try await Self.onTwoProcesses { first, second in
            try await first.test(keepingFiles: true) { one in
                try await second.test(keepingFiles: true) { _ in
                    let page = try await one.get("/")
                    let stream = TestLiveStream(second.site, on: page.document)
                    defer { stream.close() }
                    #expect(await stream.next("stream") != nil)
                    try await first.site.database.write { db in try await db.execute("UPDATE klass SET name = 'Salsa' WHERE id = 1") }
                    #expect(await stream.next(20, "update").count == 20, "the first change renders every child")
                    let renders = second.site.liveHub.renders
                    try await first.site.database.write { db in try await db.execute("UPDATE klass SET name = 'Tango' WHERE id = 3") }
                    try await first.site.database.write { db in try await db.execute("INSERT INTO booking (klassID, name) VALUES (4, 'Ada')") }
                    let update = await stream.next("update")
                    #expect(update?.element?[attribute: "id"] == "schedule-booking-4", "the renamed class's button renders the same bytes")
                    #expect(second.site.liveHub.renders - renders == 2, "classes 3 and 4: \(second.site.liveHub.renders - renders)")
                }
            }
        }
    }

    @Test("a child slot naming a table the app does not have stops start-up, naming the component and the table")
    func misspeltTableStopsStartUp() async throws {
        let error = await #expect(throws: StartupErrors.self) { _ = try await TestApp<MisspeltStudioApp>(root: Self.root) }
        let problems = error?.problems.map(\.message) ?? []
        #expect(problems.contains { $0.contains("ChildSlot(\"booking\", table: \"klasses\")") }, "\(problems)")
        #expect(error?.problems.first?.type == "MisspeltScheduleComponent")
    }
}
