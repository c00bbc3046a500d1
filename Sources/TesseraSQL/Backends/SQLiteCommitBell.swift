import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - SQLiteCommitBell

/// Tells the processes sharing a SQLite file of each other's commits, as PostgreSQL's `NOTIFY`
/// does. After each commit through a process's writer, ``ring()`` adds one to a count kept in
/// shared memory (the file `<path>-commits` beside the database, mapped by every process) and
/// writes a byte in place in that file:
///
/// - a request reads the count (``rings``, one atomic load) and looks at the database
///   (`PRAGMA data_version`) only when it moved since the last look (``SkippableLook``);
/// - every process watching the file (``watch(began:rung:)``) is woken by the write and looks.
///
/// SQLite itself tells nobody. A commit by a program that rings no bell (the `sqlite3` shell)
/// is found by the next look: at most ``SkippableLook/maxAge`` after the one before.
final class SQLiteCommitBell: @unchecked Sendable {
    /// The file rung.
    let path: String
    /// The file, open for ringing; -1 when it could not be opened (the bell is then silent).
    private let descriptor: Int32
    /// The shared count, in the file's mapping (at ``countOffset``); nil when the file could not
    /// be mapped, and then every look goes to the database. Written only atomically, by any
    /// process; the mapping lives as long as this object (hence `@unchecked Sendable`).
    private let count: UnsafeMutablePointer<Atomic<UInt64>>?

    /// The mapped length of the file.
    private static let mappedLength = 4096
    /// Where the count stands: past the byte written for watchers at the start.
    private static let countOffset = 8

    /// The bell of the database at `databasePath` (its file is made if missing).
    init(databasePath: String) {
        path = databasePath + "-commits"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        count = Self.mapCount(descriptor)
    }

    deinit {
        if let count { munmap(UnsafeMutableRawPointer(count) - Self.countOffset, Self.mappedLength) }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Maps the file's first page (growing the file to it; growing is safe while others map
    /// it), and returns where the count stands in it.
    private static func mapCount(_ descriptor: Int32) -> UnsafeMutablePointer<Atomic<UInt64>>? {
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        if info.st_size < mappedLength, ftruncate(descriptor, off_t(mappedLength)) != 0 { return nil }
        guard let page = mmap(nil, mappedLength, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), page != MAP_FAILED
        else { return nil }
        return (page + countOffset).bindMemory(to: Atomic<UInt64>.self, capacity: 1)
    }

    /// How many times any process has rung since the file was made; nil when the count is not
    /// shared (then nothing can be skipped).
    var rings: UInt64? { count?.pointee.load(ordering: .acquiring) }

    /// Rings: one added to the shared count, then one byte written at the file's start for the
    /// watchers (a system call, about a microsecond).
    func ring() {
        count?.pointee.wrappingAdd(1, ordering: .releasing)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = pwrite(descriptor, &byte, 1, 0)
    }

    // MARK: - Watching

    /// Calls `began` once the file is watched, then `rung` after rings of the bell, by any
    /// process (rings close together may be told once), from a thread of its own that sleeps in
    /// the kernel between them, until the task is cancelled. Returns false at once when this
    /// system cannot watch the file (inotify is Linux's), or the file cannot be watched: the
    /// caller looks on a timer instead.
    func watch(began: () -> Void, rung: @escaping @Sendable () -> Void) async -> Bool {
        #if os(Linux)
            let watcher = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard watcher >= 0 else { return false }
            var stop: [Int32] = [-1, -1]
            guard inotify_add_watch(watcher, path, UInt32(IN_MODIFY)) >= 0, pipe(&stop) == 0 else {
                close(watcher)
                return false
            }
            for end in stop { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            let (watched, stopped) = (watcher, stop[0])
            let thread = Thread {
                Self.waitForRings(watched, until: stopped, rung)
                close(watched)
                close(stopped)
            }
            thread.name = "tessera-commit-bell"
            thread.start()
            began()
            await Doorbell().wait()  // returns when the task is cancelled
            close(stop[1])  // the thread sees the pipe close and ends
            return true
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// Calls `rung` each time `watcher` (inotify) has events, draining them, until
        /// `stopped` (a pipe's reading end) closes or has data.
        private static func waitForRings(_ watcher: Int32, until stopped: Int32, _ rung: @Sendable () -> Void) {
            var events = [UInt8](repeating: 0, count: 4096)
            while true {
                var descriptors = [pollfd(fd: watcher, events: Int16(POLLIN), revents: 0), pollfd(fd: stopped, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&descriptors, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if descriptors[1].revents != 0 { return }
                guard descriptors[0].revents & Int16(POLLIN) != 0 else { continue }
                while read(watcher, &events, events.count) > 0 {}
                rung()
            }
        }
    #endif
}
