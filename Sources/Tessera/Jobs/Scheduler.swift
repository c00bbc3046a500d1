import Foundation
import Hummingbird
import ServiceLifecycle

// MARK: - Scheduler

/// Enqueues the app's scheduled jobs (``Schedule``) when they fall due: wakes at the next due
/// time of any schedule and tries to take it (one process takes each), until a graceful
/// shutdown. On start it takes the latest due time of each schedule, so a run missed while every
/// process was down happens once.
struct Scheduler: Service {
    let site: Site
    let schedules: [Schedule]

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let now = Date()
                for schedule in schedules {
                    guard let due = schedule.due(at: now) else { continue }
                    do {
                        try await schedule.take(due, in: site.database)
                    } catch {
                        site.logger.warning("jobs: schedule \(schedule.name) could not be taken, trying again: \(error)")
                    }
                }
                try await Task.sleep(for: Self.untilNextDue(of: schedules, after: Date()))
            }
        }
    }

    /// How long from `date` until the soonest next due time of `schedules` (a few milliseconds
    /// past it, so the clock has surely reached it).
    static func untilNextDue(of schedules: [Schedule], after date: Date) -> Duration {
        let next = schedules.compactMap { $0.next(after: date)?.timeIntervalSince1970 }.min() ?? date.timeIntervalSince1970 + 60
        return .milliseconds(Int64(max(0, next - date.timeIntervalSince1970) * 1000) + 5)
    }
}
