import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Slow work runs on the limiter's own threads, never more than its cap at once, and callers
/// beyond the waiting room get a 503 with Retry-After.
@Suite("Work limiter")
struct WorkLimiterTests {
    /// Work that reports it started, then blocks until released.
    final class Gate: Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let running = Mutex((now: 0, most: 0))

        func work() -> Int {
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            started.signal()
            release.wait()
            running.withLock { $0.now -= 1 }
            return 1
        }

        func waitUntilStarted() async {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { self.started.wait(); continuation.resume() }
            }
        }
    }

    @Test("at most maxConcurrent pieces of work run at once; every caller gets its result")
    func capsConcurrency() async throws {
        let limiter = WorkLimiter(maxConcurrent: 2, maxWaiting: 16)
        let gate = Gate()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await limiter.run(gate.work) } }
            await gate.waitUntilStarted()
            await gate.waitUntilStarted()
            #expect(gate.running.withLock { $0.now } == 2, "two run at once while none is released")
            for _ in 0..<6 {
                gate.release.signal()
                await gate.waitUntilStarted()
                #expect(gate.running.withLock { $0.now } <= 2)
            }
            gate.release.signal()
            gate.release.signal()
            let total = try await group.reduce(0, +)
            #expect(total == 8)
        }
        #expect(gate.running.withLock { $0.most } == 2)
    }

    @Test("a caller beyond the waiting room gets 503 with Retry-After")
    func refusesBeyondWaitingRoom() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 1)
        let gate = Gate()
        let first = Task { try await limiter.run(gate.work) }
        await gate.waitUntilStarted()
        let second = Task { try await limiter.run { 2 } }
        while limiter.waitingCount < 1 { await Task.yield() }
        await #expect(throws: RequestError.self) { try await limiter.run { 3 } }
        do {
            _ = try await limiter.run { 3 }
        } catch {
            #expect(error.status == .serviceUnavailable)
            #expect(error.headers[.retryAfter] == "5")
        }
        gate.release.signal()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        #expect(try await limiter.run { 4 } == 4, "turns are handed back")
    }
}
