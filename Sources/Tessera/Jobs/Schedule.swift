import Foundation

// MARK: - Schedule

/// A job the app runs on a schedule: every `interval`, at times counted from the epoch (every
/// minute at :00, every hour on the hour, every day at midnight UTC), or at the times a cron line
/// names, in UTC (`CronLine`).
///
/// Every process with job workers looks at the schedules, and each due time is taken by exactly
/// one of them (`tessera_schedules` keeps the last due time taken), which enqueues the job to
/// run at that time. After downtime, the missed runs are caught up once — the latest due time —
/// not once each.
///
/// ```swift
/// var schedules: [Schedule] {
///     [
///         Schedule("digest", every: .seconds(86_400)) { due in DailyDigest(day: due) },
///         Schedule("weekday-report", cron: "30 7 * * mon-fri") { due in Report(at: due) },
///     ]
/// }
/// ```
///
/// A cron line that cannot be read is a start-up (and `validate`) error naming the schedule.
public struct Schedule: Sendable {
    /// When a schedule is due.
    package enum Timing: Sendable, Equatable {
        /// Every interval, counted from the epoch.
        case every(Duration)
        /// At the minutes a cron line matches, in UTC.
        case cron(CronLine)
    }

    /// The schedule's name (unique in the app).
    package let name: String
    /// When it is due; nil when its cron line could not be read (``problem``).
    package let timing: Timing?
    /// Why its cron line could not be read, or nil.
    package let problem: CronLineError?
    /// The type of job it enqueues.
    let jobType: any Job.Type
    /// Enqueues the job for due time `due` in `db`'s transaction.
    let enqueue: @Sendable (SQLConnection, Date) async throws -> Void

    /// The schedule `name`, due every `interval` (at least a second), enqueueing the job `make`
    /// returns for each due time.
    public init<J: Job>(_ name: String, every interval: Duration, _ make: @escaping @Sendable (_ due: Date) -> J) {
        precondition(interval >= .seconds(1), "Schedule \(name): an interval of at least a second")
        self.init(name, timing: .every(interval), problem: nil, make)
    }

    /// The schedule `name`, due at the minutes `cron` names in UTC (`"30 7 * * mon-fri"`,
    /// `"@daily"`: see `CronLine`), enqueueing the job `make` returns for each due time.
    public init<J: Job>(_ name: String, cron: String, _ make: @escaping @Sendable (_ due: Date) -> J) {
        do {
            self.init(name, timing: .cron(try CronLine(cron)), problem: nil, make)
        } catch {
            self.init(name, timing: nil, problem: error, make)
        }
    }

    private init<J: Job>(_ name: String, timing: Timing?, problem: CronLineError?, _ make: @escaping @Sendable (_ due: Date) -> J) {
        self.name = name
        self.timing = timing
        self.problem = problem
        jobType = J.self
        enqueue = { db, due in
            try await JobQueue.enqueue(make(due), in: db, at: due, uniqueKey: "schedule:\(name):\(Int64(due.timeIntervalSince1970))")
        }
    }

    /// The latest due time at or before `date`, or nil (a cron line matching no day within
    /// eight years, or one that could not be read).
    public func due(at date: Date) -> Date? {
        switch timing {
        case .every(let interval):
            let step = Double(interval.nanoseconds) / 1e9
            return Date(timeIntervalSince1970: (date.timeIntervalSince1970 / step).rounded(.down) * step)
        case .cron(let line):
            return line.latest(atOrBefore: date)
        case nil:
            return nil
        }
    }

    /// The first due time after `date`, or nil.
    package func next(after date: Date) -> Date? {
        switch timing {
        case .every(let interval):
            let step = Double(interval.nanoseconds) / 1e9
            return Date(timeIntervalSince1970: ((date.timeIntervalSince1970 / step).rounded(.down) + 1) * step)
        case .cron(let line):
            return line.next(after: date)
        case nil:
            return nil
        }
    }

    // MARK: - Taking a due time

    static let table = "tessera_schedules"

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.schedules.v1") { db in
            try await db.execute("CREATE TABLE \(table) (name TEXT PRIMARY KEY NOT NULL, lastDue DOUBLE PRECISION NOT NULL)")
        }
    }

    /// Takes due time `due` for this schedule if no process took it (or a later one), and then
    /// enqueues its job, in one transaction; returns whether this call took it. The scheduler of
    /// every process with workers calls it when a time falls due; a test calls it to make a
    /// schedule's job now.
    @discardableResult
    public func take(_ due: Date, in database: TesseraDatabase) async throws -> Bool {
        let time = due.timeIntervalSince1970
        return try await database.write { db in
            var taken =
                try await db.execute("INSERT INTO \(Self.table) (name, lastDue) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", [name, time]) == 1
            if !taken {
                taken = try await db.execute("UPDATE \(Self.table) SET lastDue = ? WHERE name = ? AND lastDue < ?", [time, name, time]) == 1
            }
            if taken { try await enqueue(db, due) }
            return taken
        }
    }
}
