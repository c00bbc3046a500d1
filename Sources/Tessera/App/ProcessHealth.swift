import Synchronization

// MARK: - ProcessHealth

/// Whether a process is ready for requests, as its health check (`/up`,
/// `SiteConfiguration.healthCheckPath`) tells a balancer: starting until its router is built,
/// then serving, then draining from the moment a graceful shutdown (SIGTERM) begins — before the
/// server stops accepting (`TesseraConfiguration.drainGrace`), so the balancer moves first.
public final class ProcessHealth: Sendable {
    /// Where the process stands.
    package enum Phase: UInt8, Sendable {
        /// Its site is being made: templates checked, the database opened and migrated.
        case starting
        /// It serves requests.
        case serving
        /// It shuts down: it finishes what it holds and takes nothing new once the grace ends.
        case draining
    }

    private let current = Atomic<UInt8>(Phase.starting.rawValue)
    private let graceCut = Atomic<Bool>(false)

    /// A process that is starting.
    package init() {}

    /// Where the process stands now.
    package var phase: Phase { Phase(rawValue: current.load(ordering: .acquiring)) ?? .starting }

    /// Marks the process serving, unless it drains already.
    package func markServing() {
        _ = current.compareExchange(expected: Phase.starting.rawValue, desired: Phase.serving.rawValue, ordering: .acquiringAndReleasing)
    }

    /// Marks the process draining, for good.
    package func markDraining() {
        current.store(Phase.draining.rawValue, ordering: .releasing)
    }

    // MARK: - The grace

    /// Ends a draining process's grace now: its port closes without waiting out the rest
    /// (``DrainGate``; a test that has seen what the grace shows).
    package func endGrace() {
        graceCut.store(true, ordering: .releasing)
    }

    /// Waits out `grace`, or less once ``endGrace()`` is called.
    package func waitOutGrace(_ grace: Duration) async {
        let end = ContinuousClock.now + grace
        while !graceCut.load(ordering: .acquiring), ContinuousClock.now < end {
            try? await Task.sleep(for: min(.milliseconds(20), end - ContinuousClock.now))
        }
    }
}
