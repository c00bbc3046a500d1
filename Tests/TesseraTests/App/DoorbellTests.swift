import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The doorbell background services wait on while they have nothing to do.
@Suite("Doorbell")
struct DoorbellTests {
    @Test("a wait returns once rung, whether the ring came before it or while it waited", .timeLimit(.minutes(1)))
    func waitReturnsOnceRung() async {
        let bell = Doorbell()
        bell.ring()
        await bell.wait()
        let waiting = Task { await bell.wait() }
        bell.ring()
        await waiting.value
    }

    @Test("rings before a wait wake that one wait, and none after it")
    func aRingIsUsedOnce() async {
        let bell = Doorbell()
        bell.ring()
        bell.ring()
        #expect(bell.isRung)
        await bell.wait()
        #expect(!bell.isRung, "the next wait waits for another ring")
    }

    @Test("a cancelled wait returns", .timeLimit(.minutes(1)))
    func cancelledWaitReturns() async {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        waiting.cancel()
        await waiting.value
    }

    @Test("a wait with a limit returns at once when rung, and after the limit when not", .timeLimit(.minutes(1)))
    func limitedWaitReturns() async {
        let bell = Doorbell()
        bell.ring()
        let clock = ContinuousClock()
        let rung = await clock.measure { await bell.wait(atMost: .seconds(3600)) }
        #expect(rung < .seconds(60), "the ring ended the wait, not the hour")
        let unrung = await clock.measure { await bell.wait(atMost: .milliseconds(20)) }
        #expect(unrung >= .milliseconds(20))
        #expect(!bell.isRung, "a wait that ran out leaves no ring behind")
    }
}
