import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - OpenFileLimit

/// The process's open-file limit (`RLIMIT_NOFILE`): every connection, database file, PostgreSQL
/// connection and log is one file. `serve` raises the soft limit to the hard one at start-up
/// (``raised()``), and the connection cap keeps a reserve below it
/// (``TesseraConfiguration/defaultMaxConnections(openFileLimit:databaseConnections:)``).
struct OpenFileLimit: Sendable, Equatable {
    /// The limit in force: how many files the process may hold open.
    var soft: Int
    /// The most the soft limit may be raised to without privilege; nil when unlimited.
    var hard: Int?

    /// The most the soft limit is raised to: a million files (1,048,576), or the kernel's
    /// `fs.nr_open` where that is lower. A hard limit that is unlimited, or higher still, says
    /// nothing about what a process needs, and code that walks every possible descriptor (closing
    /// them before `exec`) takes longer the higher the limit.
    static var ceiling: Int { min(1 << 20, kernelMaximum ?? (1 << 20)) }

    /// The kernel's most open files per process (`/proc/sys/fs/nr_open`), where it can be read.
    static var kernelMaximum: Int? {
        guard let text = try? String(contentsOfFile: "/proc/sys/fs/nr_open", encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: - Reading and raising

    /// The limit now, or nil when it cannot be read.
    static func current() -> OpenFileLimit? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return OpenFileLimit(soft: count(limit.rlim_cur), hard: limit.rlim_max == infinity ? nil : count(limit.rlim_max))
    }

    /// Raises the soft limit to the hard limit, at most ``ceiling`` (never lowering it), and
    /// returns the limit before and after; `after` is nil when the raise failed, with the
    /// system's reason in `failure`.
    static func raised() -> (before: OpenFileLimit?, after: OpenFileLimit?, failure: String?) {
        guard let before = current() else { return (nil, nil, "getrlimit: \(String(cString: strerror(errno)))") }
        let target = min(before.hard ?? Int.max, ceiling)
        guard target > before.soft else { return (before, before, nil) }
        var limit = rlimit()
        limit.rlim_cur = rlim_t(target)
        limit.rlim_max = before.hard.map { rlim_t($0) } ?? infinity
        guard setrlimit(resource, &limit) == 0 else {
            return (before, nil, "setrlimit to \(target): \(String(cString: strerror(errno)))")
        }
        return (before, current(), nil)
    }

    // MARK: - The system's types

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        /// `RLIM_INFINITY`, all bits set (its C definition, a cast of -1, does not import).
        private static let infinity = rlim_t.max
    #else
        private static let resource = RLIMIT_NOFILE
        private static let infinity = RLIM_INFINITY
    #endif

    /// `value` as a count, an unlimited or huge value as `Int.max`.
    private static func count(_ value: rlim_t) -> Int {
        value == infinity || value > rlim_t(Int.max) ? Int.max : Int(value)
    }
}
