import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

// MARK: - AnalyticsWriter

/// Stores queued analytics events in the background: ``SiteConfiguration/analyticsFlushInterval``
/// after an event arrives in the empty `Site.analytics`, or as soon as
/// ``SiteConfiguration/analyticsBatchSize`` events wait, it takes everything queued and inserts
/// it in one transaction; at the first flush and then at most once an hour it deletes events
/// older than ``SiteConfiguration/analyticsRetention``. While nothing is queued it sleeps.
///
/// A graceful shutdown (SIGTERM) ends the wait and writes what is still queued, so no queued
/// event is lost. Dropped events (a full queue) are logged as a warning with their count. Add it
/// to the application's services (``Site/backgroundServices`` includes it).
package struct AnalyticsWriter: Service {
    let queue: AnalyticsQueue
    let recorder: AnalyticsRecorder
    let interval: Duration
    let retention: TimeInterval
    let logger: Logger
    /// How often old events are swept.
    static let sweepInterval: Duration = .seconds(3600)

    /// A writer for `site`'s queue and database, with the site's interval and retention.
    package init(site: Site) {
        queue = site.analytics
        recorder = AnalyticsRecorder(database: site.database)
        interval = site.configuration.analyticsFlushInterval
        retention = site.configuration.analyticsRetention
        logger = site.logger
    }

    /// Flushes and sweeps after events arrive until a graceful shutdown, then flushes what is left.
    package func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastSweep: ContinuousClock.Instant?
            while !Task.isCancelled {
                await queue.gotEvents.wait()
                await queue.batchFull.wait(atMost: interval)
                await flush()
                guard !Task.isCancelled else { break }  // a shutdown woke it: no sweep under cancellation
                if lastSweep.map({ ContinuousClock.now - $0 >= Self.sweepInterval }) ?? true {
                    await sweep()
                    lastSweep = .now
                }
            }
        }
        await flush()
    }

    // MARK: - Work

    /// Stores every queued event now, in one transaction; returns how many. A failed write puts
    /// the events back for the next flush and logs the error.
    @discardableResult
    package func flush() async -> Int {
        let (entries, dropped) = queue.takeAll()
        if dropped > 0 {
            logger.warning("analytics: the queue was full; dropped \(dropped) events (capacity \(queue.capacity))")
        }
        guard !entries.isEmpty else { return 0 }
        do {
            try await recorder.record(entries)
            return entries.count
        } catch {
            queue.putBack(entries)
            logger.error("analytics: could not store \(entries.count) events: \(error)")
            return 0
        }
    }

    /// Deletes events older than the retention at `now` (default now); returns how many.
    @discardableResult
    package func sweep(now: Date = Date()) async -> Int {
        do {
            return try await recorder.deleteEvents(before: now.addingTimeInterval(-retention))
        } catch {
            logger.error("analytics: could not sweep old events: \(error)")
            return 0
        }
    }
}
