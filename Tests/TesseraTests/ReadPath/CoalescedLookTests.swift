import Synchronization
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Requests asking at once share a look at the database, and none gets a look begun before it
/// asked (which could miss a write acknowledged just before).
@Suite("Shared look")
struct CoalescedLookTests {
    /// A clock ticked by each caller as it asks and by each round as it begins.
    final class Clock: Sendable {
        private let ticks = Atomic<Int>(0)
        func tick() -> Int { ticks.add(1, ordering: .sequentiallyConsistent).newValue }
    }

    @Test("two hundred concurrent callers each get a round that began after they asked, in a few rounds")
    func everyCallerGetsALaterRound() async throws {
        let clock = Clock()
        let rounds = Atomic<Int>(0)
        let look = CoalescedLook<Int> {
            rounds.add(1, ordering: .relaxed)
            let began = clock.tick()
            await Task.yield()
            return began
        }
        let late = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let asked = clock.tick()
                    let began = try await look.look()
                    return began < asked
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(late == 0, "no caller got a round begun before it asked")
        #expect(rounds.load(ordering: .relaxed) < 200, "callers asking at once share rounds")
    }

    @Test("while a round runs, everyone who asks waits for one more round, all of them together")
    func askersDuringARoundShareTheNext() async throws {
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let rounds = Atomic<Int>(0)
        let look = CoalescedLook<Int> {
            let round = rounds.add(1, ordering: .relaxed).newValue
            if round == 1 { for await _ in gate { break } }  // the first round holds until told
            return round
        }
        let first = Task { try await look.look() }
        while rounds.load(ordering: .relaxed) == 0 { await Task.yield() }
        let waiting = (0..<20).map { _ in Task { try await look.look() } }
        // Every waiter has asked once the look holds them all.
        while look.waitingCount < 20 { await Task.yield() }
        opener.yield()
        #expect(try await first.value == 1)
        for waiter in waiting { #expect(try await waiter.value == 2) }
        #expect(rounds.load(ordering: .relaxed) == 2)
    }

    @Test("a round's error reaches its callers, and the next round runs afresh")
    func errorsReachTheirRoundOnly() async throws {
        struct Refused: Error {}
        let rounds = Atomic<Int>(0)
        let look = CoalescedLook<Int> {
            let round = rounds.add(1, ordering: .relaxed).newValue
            if round == 1 { throw Refused() }
            return round
        }
        await #expect(throws: Refused.self) { try await look.look() }
        #expect(try await look.look() == 2)
    }
}
